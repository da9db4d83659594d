import { Radio, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { FormDialog, useSubmit } from '../../../components/admin';
import type { Billing, BillingView } from '../../../sdk/admin/billing';
import { priceText } from './price';

/**
 * Change plan: the plans with their monthly price. A downgrade is offered only where the vendor allows
 * it; a paid plan needs a card first (the server says so, and the dialog shows its message).
 */
export function ChangePlanDialog({
  billing,
  value,
  onClose,
}: {
  billing: BillingView;
  value: Billing;
  onClose: () => void;
}) {
  const subscription = billing.subscription ?? value.subscription;
  const current = value.plans.find((plan) => plan.id === subscription.planId);
  const [planId, setPlanId] = useState(subscription.planId);
  const submission = useSubmit<string>(async (chosen) => {
    await billing.checkout(chosen);
    onClose();
  });
  const isDowngrade = (amount: number) => current !== undefined && amount < current.price.amount;
  return (
    <FormDialog
      closeLabel="Close without changing"
      title="Change plan"
      formLabel="Change plan"
      submission={submission}
      submitLabel="Change plan"
      isSubmitDisabled={planId === subscription.planId && subscription.status === 'active'}
      onSubmit={() => void submission.run(planId)}
      onClose={onClose}
    >
      <Radio.Group value={planId} onChange={setPlanId} label="Plan">
        <Stack gap="sm" mt="xs">
          {value.plans.map((plan) => {
            const isBlocked = isDowngrade(plan.price.amount) && !value.rules.allowPlanDowngrade;
            return (
              <Radio
                key={plan.id}
                value={plan.id}
                disabled={isBlocked}
                label={`${plan.name}: ${priceText(plan.price.amount, plan.price.currency)}`}
                description={isBlocked ? 'Downgrades are not available for your account' : plan.description}
              />
            );
          })}
        </Stack>
      </Radio.Group>
      {value.paymentMethods.length === 0 ? (
        <Text size="sm" c="dimmed">
          A paid plan needs a payment method: add a card first.
        </Text>
      ) : null}
    </FormDialog>
  );
}
