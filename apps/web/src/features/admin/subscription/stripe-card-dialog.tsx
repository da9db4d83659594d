import { Box, Stack, Text } from '@mantine/core';
import type { Stripe, StripeCardElement } from '@stripe/stripe-js';
import { useEffect, useId, useState } from 'react';
import { ErrorState, FormDialog, LoadingState, useSubmit } from '../../../components/admin';
import type { StripeCardSetup, StripeSetupIntent } from '../../../sdk/admin/billing';
import type { StripeLoader } from './stripe-loader';

export const STRIPE_UNAVAILABLE =
  "Stripe's card form could not be loaded. Check your connection and try again.";
const DECLINED = 'Your card was declined.';

/** Stripe.js loaded, its card element mounted, and the setup it confirms. */
interface ReadyForm {
  stripe: Stripe;
  card: StripeCardElement;
  intent: StripeSetupIntent;
}

type FormState =
  { phase: 'loading' } | { phase: 'failed'; message: string } | { phase: 'ready'; form: ReadyForm };

const messageOf = (failure: unknown) =>
  failure instanceof Error && failure.message ? failure.message : STRIPE_UNAVAILABLE;

/**
 * Add a card with Stripe's own card form (PAYMENT_PROVIDER=stripe): the publishable key and a setup
 * intent come from our server, Stripe.js mounts its card element and confirms the setup (the card number
 * never reaches us), then our server records the card (brand, last 4 digits and expiry).
 */
export function StripeCardDialog({
  setup,
  loadStripe,
  onClose,
}: {
  setup: StripeCardSetup;
  loadStripe: StripeLoader;
  onClose: () => void;
}) {
  const { publishableKey, setupIntent, record } = setup;
  const labelId = useId();
  const [container, setContainer] = useState<HTMLDivElement | null>(null);
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<FormState>({ phase: 'loading' });
  const [cardError, setCardError] = useState<string | null>(null);

  useEffect(() => {
    if (!container) return;
    let cancelled = false;
    let card: StripeCardElement | null = null;
    void (async () => {
      try {
        const key = await publishableKey();
        const stripe = await loadStripe(key).catch(() => null);
        if (cancelled) return;
        if (!stripe) {
          setState({ phase: 'failed', message: STRIPE_UNAVAILABLE });
          return;
        }
        const intent = await setupIntent();
        if (cancelled) return;
        card = stripe.elements().create('card');
        card.on('change', (event) => setCardError(event.error?.message ?? null));
        card.mount(container);
        setState({ phase: 'ready', form: { stripe, card, intent } });
      } catch (failure) {
        if (!cancelled) setState({ phase: 'failed', message: messageOf(failure) });
      }
    })();
    return () => {
      cancelled = true;
      card?.destroy();
    };
  }, [container, attempt, publishableKey, setupIntent, loadStripe]);

  const submission = useSubmit<ReadyForm>(async ({ stripe, card, intent }) => {
    const result = await stripe.confirmCardSetup(intent.clientSecret, { payment_method: { card } });
    if (result.error) throw new Error(result.error.message ?? DECLINED);
    await record(result.setupIntent.id);
    onClose();
  });
  const retry = () => {
    setState({ phase: 'loading' });
    setCardError(null);
    setAttempt((count) => count + 1);
  };

  return (
    <FormDialog
      closeLabel="Close without saving"
      title="Add card"
      formLabel="Card details"
      submission={submission}
      submitLabel="Save card"
      isSubmitDisabled={state.phase !== 'ready'}
      onSubmit={() => {
        if (state.phase === 'ready') void submission.run(state.form);
      }}
      onClose={onClose}
    >
      <Stack gap="sm">
        {state.phase === 'loading' ? <LoadingState label="Loading Stripe's card form..." /> : null}
        {state.phase === 'failed' ? <ErrorState message={state.message} onRetry={retry} /> : null}
        <Box hidden={state.phase !== 'ready'}>
          <Text id={labelId} component="span" size="sm" fw={500}>
            Card
          </Text>
          {/* Stripe's card element (its own frame) is mounted here. */}
          <Box
            ref={setContainer}
            role="group"
            aria-labelledby={labelId}
            mt={4}
            p="sm"
            style={{ border: '1px solid var(--mantine-color-default-border)', borderRadius: 4 }}
          />
          {cardError ? (
            <Text size="xs" c="red" mt={4}>
              {cardError}
            </Text>
          ) : null}
        </Box>
        <Text size="xs" c="dimmed">
          Your card is sent to Stripe; only its brand, last 4 digits and expiry are kept here.
        </Text>
      </Stack>
    </FormDialog>
  );
}
