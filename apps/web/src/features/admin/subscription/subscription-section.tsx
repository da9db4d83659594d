import { Badge, Button, Card, Group, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { canCancel, canRenew, formatAmount, statusLabel } from '@brizo/contract/entities/billing';
import { useState } from 'react';
import {
  ConfirmDialog,
  ErrorState,
  LoadingState,
  SectionPage,
  useConfirmation,
  useSubmit,
} from '../../../components/admin';
import { FormAlert } from '../../../components/form-alert';
import { useBilling, type Billing, type BillingView, type Invoice } from '../../../sdk/admin/billing';
import { BillingDetailsDialog } from './billing-details-dialog';
import { CardDialog } from './card-dialog';
import { ChangePlanDialog } from './change-plan-dialog';
import { priceText } from './price';

// Subscription (SPEC section 2 "subscriptions", issue 15): the account's plan and its status, changing
// plan, the card that pays, the invoices with their PDF, cancelling at the period's end and renewing.

const dateOf = (iso: string) => new Intl.DateTimeFormat('en', { dateStyle: 'medium' }).format(new Date(iso));

type Dialog = 'plan' | 'card' | 'details' | null;

export function SubscriptionSection() {
  const billing = useBilling();
  const [dialog, setDialog] = useState<Dialog>(null);
  const close = () => setDialog(null);
  return (
    <SectionPage title="Subscription" description="Your account's plan, how it is paid, and its invoices.">
      {billing.value && billing.subscription ? (
        <>
          <CurrentPlanCard billing={billing} value={billing.value} onChangePlan={() => setDialog('plan')} />
          <PaymentMethodCard
            value={billing.value}
            onAddCard={() => setDialog('card')}
            onDetails={() => setDialog('details')}
          />
          <InvoicesCard invoices={billing.value.invoices} download={billing.downloadInvoice} />
          {dialog === 'plan' ? (
            <ChangePlanDialog billing={billing} value={billing.value} onClose={close} />
          ) : null}
          {dialog === 'card' ? (
            <CardDialog
              provider={billing.value.provider}
              addCard={billing.addCard}
              stripeCard={billing.stripeCard}
              onClose={close}
            />
          ) : null}
          {dialog === 'details' && billing.value.paymentMethods[0] ? (
            <BillingDetailsDialog
              paymentMethod={billing.value.paymentMethods[0]}
              save={billing.updateBillingDetails}
              onClose={close}
            />
          ) : null}
        </>
      ) : billing.error ? (
        <ErrorState message={billing.error} onRetry={billing.reload} />
      ) : (
        <LoadingState label="Loading your subscription..." />
      )}
    </SectionPage>
  );
}

function CurrentPlanCard({
  billing,
  value,
  onChangePlan,
}: {
  billing: BillingView;
  value: Billing;
  onChangePlan: () => void;
}) {
  const subscription = billing.subscription ?? value.subscription;
  const plan = value.plans.find((candidate) => candidate.id === subscription.planId);
  const cancellation = useConfirmation<'cancel'>(() => billing.cancel());
  const renewal = useSubmit<void>(() => billing.renew());
  const isPending = subscription.cancellation !== null;
  const mayCancel = canCancel(subscription) && value.rules.allowPlanCancellation;
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="current-plan-heading">
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap">
          <Title order={2} fz={18} id="current-plan-heading">
            Current plan
          </Title>
          <Group gap="xs">
            <Badge variant="light" color={subscription.status === 'active' ? 'green' : 'gray'}>
              {statusLabel(subscription.status)}
            </Badge>
            {isPending ? (
              <Badge variant="light" color="orange">
                Cancellation pending
              </Badge>
            ) : null}
          </Group>
        </Group>
        <Text fw={600} fz="xl">
          {plan?.name ?? subscription.plan.slug}
        </Text>
        {plan ? <Text c="dimmed">{priceText(plan.price.amount, plan.price.currency)}</Text> : null}
        <Text size="sm">
          {isPending
            ? `Your plan ends on ${dateOf(subscription.currentPeriodEnd)}.`
            : subscription.status === 'active'
              ? `Renews on ${dateOf(subscription.currentPeriodEnd)}.`
              : `Current period ended on ${dateOf(subscription.currentPeriodEnd)}.`}
        </Text>
        {subscription.externallyManaged ? <Text size="sm">Billing is externally managed</Text> : null}
        <FormAlert message={renewal.error} />
        {subscription.externallyManaged ? null : (
          <Group gap="sm">
            <Button onClick={onChangePlan}>Change plan</Button>
            {mayCancel ? (
              <Button variant="default" color="red" onClick={() => cancellation.ask('cancel')}>
                Cancel subscription
              </Button>
            ) : null}
            {canRenew(subscription) ? (
              <Button variant="default" loading={renewal.pending} onClick={() => void renewal.run()}>
                Renew subscription
              </Button>
            ) : null}
          </Group>
        )}
      </Stack>
      <ConfirmDialog {...cancellation.dialog} title="Cancel subscription?" confirmLabel="Cancel subscription">
        {`Your ${plan?.name ?? ''} plan stays active until ${dateOf(subscription.currentPeriodEnd)}, then ends. You can renew it until then.`}
      </ConfirmDialog>
    </Card>
  );
}

function PaymentMethodCard({
  value,
  onAddCard,
  onDetails,
}: {
  value: Billing;
  onAddCard: () => void;
  onDetails: () => void;
}) {
  const [card] = value.paymentMethods;
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="payment-method-heading">
      <Stack gap="sm">
        <Title order={2} fz={18} id="payment-method-heading">
          Payment method
        </Title>
        {card ? (
          <Stack gap={2}>
            <Text fw={600}>{`${card.brand.toUpperCase()} •••• ${card.last4}`}</Text>
            <Text size="sm" c="dimmed">
              {`Expires ${String(card.expMonth).padStart(2, '0')}/${card.expYear}`}
              {card.billingDetails.email ? ` · Billing email ${card.billingDetails.email}` : ''}
            </Text>
          </Stack>
        ) : (
          <Text size="sm" c="dimmed">
            No payment method yet. Add a card to choose a paid plan.
          </Text>
        )}
        <Group gap="sm">
          <Button variant="default" onClick={onAddCard}>
            {card ? 'Replace card' : 'Add card'}
          </Button>
          {card ? (
            <Button variant="default" onClick={onDetails}>
              Billing details
            </Button>
          ) : null}
        </Group>
      </Stack>
    </Card>
  );
}

function InvoicesCard({
  invoices,
  download,
}: {
  invoices: Invoice[];
  download: (invoice: Invoice) => Promise<void>;
}) {
  const downloading = useSubmit<Invoice>(download);
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="invoices-heading">
      <Stack gap="sm">
        <Title order={2} fz={18} id="invoices-heading">
          Invoices
        </Title>
        <FormAlert message={downloading.error} />
        {invoices.length === 0 ? (
          <Text size="sm" c="dimmed">
            No invoices yet: they appear when a paid plan is charged.
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={480}>
            <Table>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Receipt</Table.Th>
                  <Table.Th>Date</Table.Th>
                  <Table.Th>Amount</Table.Th>
                  <Table.Th>Status</Table.Th>
                  <Table.Th>
                    <VisuallyHidden>Actions</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {invoices.map((invoice) => (
                  <Table.Tr key={invoice.id}>
                    <Table.Td>{invoice.receiptNumber}</Table.Td>
                    <Table.Td>{dateOf(invoice.paymentDate)}</Table.Td>
                    <Table.Td>{formatAmount(invoice.totalAmount, invoice.currency)}</Table.Td>
                    <Table.Td>{invoice.paid ? 'Paid' : 'Unpaid'}</Table.Td>
                    <Table.Td>
                      <Button
                        size="xs"
                        variant="default"
                        aria-label={`Download invoice ${invoice.receiptNumber}`}
                        onClick={() => void downloading.run(invoice)}
                      >
                        Download
                      </Button>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
    </Card>
  );
}
