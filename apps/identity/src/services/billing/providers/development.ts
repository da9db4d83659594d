import { randomBytes, randomUUID } from 'node:crypto';
import { appError, errorCatalogue } from '../../../errors.js';
import type { PaymentProvider, ProviderCard } from './provider.js';

// Issue 15: the development payment provider. It runs offline, as the mailbox does for mail: customers
// and cards live in our own tables, the card form is the portal's own, and Stripe's test card numbers
// behave as they do at Stripe. A card number is read once, to decide, and never kept: only its brand,
// last 4 digits and expiry are.

/** Stripe's test cards that the development provider knows, and how each one answers. */
export const TEST_CARDS: Readonly<Record<string, { brand: string; outcome: 'ok' | keyof typeof refusals }>> =
  {
    '4242424242424242': { brand: 'visa', outcome: 'ok' },
    '4000056655665556': { brand: 'visa', outcome: 'ok' },
    '5555555555554444': { brand: 'mastercard', outcome: 'ok' },
    '378282246310005': { brand: 'amex', outcome: 'ok' },
    '4000000000000002': { brand: 'visa', outcome: 'declined' },
    '4000000000009995': { brand: 'visa', outcome: 'insufficientFunds' },
    '4000000000000069': { brand: 'visa', outcome: 'expired' },
  };

const refusals = {
  declined: errorCatalogue.billing.cardDeclined,
  insufficientFunds: errorCatalogue.billing.insufficientFunds,
  expired: errorCatalogue.billing.cardExpired,
};

export interface CardInput {
  cardNumber: string;
  expMonth: number;
  expYear: number;
  cvc: string;
  name: string;
  email: string | null;
}

/**
 * The development card form's card, checked as Stripe's test mode would: an unknown number or a past
 * expiry is refused; a test card answers its outcome. The answer holds no card number.
 */
export function confirmTestCard(input: CardInput, now: Date): ProviderCard {
  const known = TEST_CARDS[input.cardNumber];
  if (!known) throw appError(errorCatalogue.billing.cardDeclined);
  const endOfExpiryMonth = Date.UTC(input.expYear, input.expMonth, 1);
  if (endOfExpiryMonth <= now.getTime()) throw appError(errorCatalogue.billing.cardExpired);
  if (known.outcome !== 'ok') throw appError(refusals[known.outcome]);
  return {
    externalId: `pm_dev_${randomUUID().replaceAll('-', '')}`,
    brand: known.brand,
    last4: input.cardNumber.slice(-4),
    expMonth: input.expMonth,
    expYear: input.expYear,
    name: input.name,
    email: input.email,
  };
}

export function createDevelopmentProvider(): PaymentProvider {
  return {
    kind: 'development',
    name: 'Development (offline test cards)',
    publishableKey: '',
    createCustomer: () => Promise.resolve({ externalId: `cus_dev_${randomUUID().replaceAll('-', '')}` }),
    createSetupIntent: () => {
      const id = `seti_dev_${randomUUID().replaceAll('-', '')}`;
      return Promise.resolve({
        externalId: id,
        secret: `${id}_secret_${randomBytes(24).toString('base64url')}`,
      });
    },
    // Its cards are confirmed by the portal's own form (confirmTestCard), never read back.
    confirmedCard: () => Promise.reject(appError(errorCatalogue.billing.setupIntentInvalid)),
    // The card was checked when it was saved; a saved test card always pays.
    charge: ({ idempotencyKey }) => Promise.resolve({ externalId: `pi_dev_${idempotencyKey}` }),
    // The development provider sends no webhooks: anything posted as one is refused.
    parseWebhook: () => {
      throw appError(errorCatalogue.billing.webhookInvalid);
    },
  };
}
