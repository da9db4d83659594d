import type { Stripe } from '@stripe/stripe-js';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { billingApi, type StripeCardSetup } from '../../../sdk/admin/billing';
import { fakeApi, status } from '../../../testing/fake-api';
import { renderScreen } from '../../../testing/render';
import { CardDialog } from './card-dialog';
import type { StripeLoader } from './stripe-loader';

// Issue 15: adding a card with Stripe's own card form (PAYMENT_PROVIDER=stripe). Stripe's servers cannot
// be reached from here, so Stripe.js itself is replaced, through the dialog's loader seam, by a fake
// `Stripe` object with the calls the dialog makes (elements().create('card'), mount, confirmCardSetup).
// Everything else is real: the dialog, the SDK adapter and the official client, against the fake
// identity server behind fetch.

const STRIPE = '/subscriptions/resources/billing/payment-providers/stripe';
const CONFIRMATIONS = `${STRIPE}/setup-intents/v1/confirmations`;
const SECRET = 'seti_1Test_secret_abc';

type ConfirmAnswer =
  | { error: { type: string; code: string; message: string } }
  | { setupIntent: { id: string; status: string } };

/** A stand-in for Stripe.js: its card element mounts a labelled field, and confirmations answer `answers`. */
function fakeStripe(answers: ConfirmAnswer[]) {
  const mounted: HTMLElement[] = [];
  const card = {
    mount: vi.fn((element: HTMLElement) => {
      const field = document.createElement('input');
      field.setAttribute('aria-label', 'Card number');
      element.appendChild(field);
      mounted.push(element);
    }),
    on: vi.fn(),
    destroy: vi.fn(),
  };
  const confirmCardSetup = vi.fn((_secret: string, _data: unknown) =>
    Promise.resolve(answers.shift() ?? { error: { type: 'api_error', code: 'x', message: 'No answer' } }),
  );
  const stripe = { elements: () => ({ create: vi.fn(() => card) }), confirmCardSetup };
  return { stripe: stripe as unknown as Stripe, card, confirmCardSetup, mounted };
}

function server() {
  return fakeApi({
    [`GET ${STRIPE}/public-configurations/v1`]: {
      id: 'stripe',
      name: 'Stripe',
      active: true,
      publishableKey: 'pk_test_portal',
    },
    [`POST ${STRIPE}/setup-intents/v1`]: { id: 'seti_1Test', paymentMethodId: '', setupIntentSecret: SECRET },
    [`POST ${CONFIRMATIONS}`]: {
      id: '0b0d3c9e-3f0a-4a8e-9a57-8d2b7c1e2f11',
      externalId: 'pm_1Test',
      type: 'card',
      isDefault: true,
      last4: '4242',
      expMonth: 8,
      expYear: 2031,
      brand: 'visa',
      billingDetails: { name: 'Ada' },
    },
  });
}

const stripeCard: StripeCardSetup = {
  publishableKey: billingApi.stripePublishableKey,
  setupIntent: billingApi.stripeSetupIntent,
  record: async (setupIntentId) => {
    await billingApi.recordStripeCard(setupIntentId);
  },
};

function renderDialog(loadStripe: StripeLoader, onClose = vi.fn()) {
  renderScreen(
    <CardDialog
      provider="stripe"
      addCard={() => Promise.reject(new Error('not the development form'))}
      stripeCard={stripeCard}
      loadStripe={loadStripe}
      onClose={onClose}
    />,
  );
  return { user: userEvent.setup(), onClose };
}

afterEach(() => vi.unstubAllGlobals());

describe("adding a card with Stripe's card form", { timeout: 30_000 }, () => {
  it('mounts the card element, shows a decline, then confirms the setup and records the card', async () => {
    const api = server();
    const fake = fakeStripe([
      { error: { type: 'card_error', code: 'card_declined', message: 'Your card was declined.' } },
      { setupIntent: { id: 'seti_1Test', status: 'succeeded' } },
    ]);
    const loadStripe = vi.fn<StripeLoader>(() => Promise.resolve(fake.stripe));
    const { user, onClose } = renderDialog(loadStripe);

    const group = await screen.findByRole('group', { name: 'Card' });
    expect(within(group).getByRole('textbox', { name: 'Card number' })).toBeInTheDocument();
    expect(loadStripe).toHaveBeenCalledWith('pk_test_portal');
    expect(fake.mounted).toEqual([group]);

    await user.click(screen.getByRole('button', { name: 'Save card' }));
    expect(await screen.findByText('Your card was declined.')).toBeInTheDocument();
    expect(api.sent(`POST ${CONFIRMATIONS}`)).toHaveLength(0);
    expect(onClose).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'Save card' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(fake.confirmCardSetup).toHaveBeenCalledTimes(2);
    expect(fake.confirmCardSetup).toHaveBeenLastCalledWith(SECRET, { payment_method: { card: fake.card } });
    expect(api.sent(`POST ${CONFIRMATIONS}`).map((request) => request.body)).toEqual([
      { setupIntentId: 'seti_1Test' },
    ]);
  });

  it('says when Stripe.js cannot be loaded, and loads it on retry', async () => {
    server();
    const fake = fakeStripe([]);
    const loadStripe = vi
      .fn<StripeLoader>()
      .mockRejectedValueOnce(new Error('Failed to load Stripe.js'))
      .mockResolvedValue(fake.stripe);
    const { user } = renderDialog(loadStripe);

    expect(
      await screen.findByText("Stripe's card form could not be loaded. Check your connection and try again."),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save card' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('textbox', { name: 'Card number' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save card' })).toBeEnabled();
  });

  it("shows the server's message when the card setup cannot be made", async () => {
    const api = server();
    api.on({
      [`POST ${STRIPE}/setup-intents/v1`]: status(409, {
        errors: ['Payment provider not configured'],
        errorCode: 'ER-BILLING-PROVIDER-NOT-CONFIGURED',
      }),
    });
    renderDialog(() => Promise.resolve(fakeStripe([]).stripe));
    expect(await screen.findByText('Payment provider not configured')).toBeInTheDocument();
  });
});
