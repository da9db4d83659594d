import { Group, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { FormDialog, fieldErrorsOf, useSubmit } from '../../../components/admin';
import type { BillingView, ProviderKind } from '../../../sdk/admin/billing';
import { cardFormSchema, emptyCardForm, type CardField, type CardFormValues } from './card-form';
import { StripeCardDialog } from './stripe-card-dialog';
import { loadStripeJs, type StripeLoader } from './stripe-loader';

const FIELDS: readonly CardField[] = ['cardNumber', 'expiry', 'cvc', 'name'];

/**
 * Add a card. With the development provider this is the portal's own form (Stripe's test cards:
 * 4242 4242 4242 4242 is accepted, 4000 0000 0000 0002 declined); the browser may fill it (cc-*).
 * With Stripe it is Stripe's own card form (stripe-card-dialog.tsx); `loadStripe` is Stripe.js's loader.
 */
export function CardDialog({
  provider,
  addCard,
  stripeCard,
  loadStripe = loadStripeJs,
  onClose,
}: {
  provider: ProviderKind;
  addCard: BillingView['addCard'];
  stripeCard: BillingView['stripeCard'];
  loadStripe?: StripeLoader;
  onClose: () => void;
}) {
  const [values, setValues] = useState<CardFormValues>(emptyCardForm);
  const [errors, setErrors] = useState<Partial<Record<CardField, string>>>({});
  const submission = useSubmit<CardFormValues>(async (form) => {
    await addCard(cardFormSchema.parse(form));
    onClose();
  });
  const change = (field: CardField) => (event: { currentTarget: { value: string } }) => {
    const next = event.currentTarget.value;
    setValues((current) => ({ ...current, [field]: next }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };
  const submit = () => {
    const parsed = cardFormSchema.safeParse(values);
    if (!parsed.success) {
      setErrors(fieldErrorsOf(parsed.error.issues, FIELDS));
      submission.clear();
      return;
    }
    void submission.run(values);
  };
  if (provider === 'stripe') {
    return <StripeCardDialog setup={stripeCard} loadStripe={loadStripe} onClose={onClose} />;
  }
  return (
    <FormDialog
      closeLabel="Close without saving"
      title="Add card"
      formLabel="Card details"
      noValidate
      submission={submission}
      submitLabel="Save card"
      onSubmit={submit}
      onClose={onClose}
    >
      <Stack gap="sm">
        <TextInput
          label="Card number"
          autoComplete="cc-number"
          inputMode="numeric"
          required
          data-autofocus
          value={values.cardNumber}
          error={errors.cardNumber}
          onChange={change('cardNumber')}
        />
        <Group grow align="flex-start">
          <TextInput
            label="Expiry (MM/YY)"
            autoComplete="cc-exp"
            inputMode="numeric"
            placeholder="MM/YY"
            required
            value={values.expiry}
            error={errors.expiry}
            onChange={change('expiry')}
          />
          <TextInput
            label="CVC"
            autoComplete="cc-csc"
            inputMode="numeric"
            required
            value={values.cvc}
            error={errors.cvc}
            onChange={change('cvc')}
          />
        </Group>
        <TextInput
          label="Name on card"
          autoComplete="cc-name"
          required
          value={values.name}
          error={errors.name}
          onChange={change('name')}
        />
        <Text size="xs" c="dimmed">
          Only the card&apos;s brand, last 4 digits and expiry are kept.
        </Text>
      </Stack>
    </FormDialog>
  );
}
