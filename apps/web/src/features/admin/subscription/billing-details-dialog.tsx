import { Stack } from '@mantine/core';
import { useState } from 'react';
import { z } from 'zod';
import { FormDialog, TextField, fieldErrorsOf, useSubmit } from '../../../components/admin';
import type { BillingView, PaymentMethod } from '../../../sdk/admin/billing';

type Field = 'email' | 'addressLine1' | 'city' | 'postalCode' | 'country';
const FIELDS: readonly Field[] = ['email', 'addressLine1', 'city', 'postalCode', 'country'];

const detailsSchema = z.object({
  email: z.email('Enter a valid email address').or(z.literal('')),
  addressLine1: z.string().trim().max(200),
  city: z.string().trim().max(100),
  postalCode: z.string().trim().max(20),
  country: z
    .string()
    .trim()
    .regex(/^([A-Za-z]{2})?$/, 'Enter the two-letter country code, such as US'),
});

/** Billing details: the email invoices go to and the address they show. */
export function BillingDetailsDialog({
  paymentMethod,
  save,
  onClose,
}: {
  paymentMethod: PaymentMethod;
  save: BillingView['updateBillingDetails'];
  onClose: () => void;
}) {
  const address = paymentMethod.billingDetails.address ?? {};
  const [values, setValues] = useState<Record<Field, string>>({
    email: paymentMethod.billingDetails.email ?? '',
    addressLine1: address.addressLine1 ?? '',
    city: address.city ?? '',
    postalCode: address.postalCode ?? '',
    country: address.country ?? '',
  });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const submission = useSubmit<z.output<typeof detailsSchema>>(async (details) => {
    await save(paymentMethod.id, {
      ...(details.email ? { email: details.email } : {}),
      address: {
        addressLine1: details.addressLine1,
        city: details.city,
        postalCode: details.postalCode,
        country: details.country.toUpperCase(),
      },
    });
    onClose();
  });
  const field = (name: Field, label: string, type?: 'email') => (
    <TextField
      label={label}
      type={type}
      value={values[name]}
      error={errors[name]}
      onChange={(value) => {
        setValues((current) => ({ ...current, [name]: value }));
        setErrors((current) => ({ ...current, [name]: undefined }));
      }}
    />
  );
  return (
    <FormDialog
      closeLabel="Close without saving"
      title="Billing details"
      formLabel="Billing details"
      noValidate
      submission={submission}
      submitLabel="Save"
      onSubmit={() => {
        const parsed = detailsSchema.safeParse(values);
        if (!parsed.success) return setErrors(fieldErrorsOf(parsed.error.issues, FIELDS));
        void submission.run(parsed.data);
      }}
      onClose={onClose}
    >
      <Stack gap="sm">
        {field('email', 'Billing email', 'email')}
        {field('addressLine1', 'Address')}
        {field('city', 'City')}
        {field('postalCode', 'Postal code')}
        {field('country', 'Country (two letters)')}
      </Stack>
    </FormDialog>
  );
}
