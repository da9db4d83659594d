import type { Stripe } from '@stripe/stripe-js';

/** Loads Stripe.js with a publishable key; null (or a rejection) when it cannot be loaded. */
export type StripeLoader = (publishableKey: string) => Promise<Stripe | null>;

/**
 * Stripe's own loader, imported only when a Stripe card form opens (the Subscription section's lazy
 * chunk, never the login page's). Its `pure` entry adds Stripe's script to the page only when called.
 */
export const loadStripeJs: StripeLoader = async (publishableKey) => {
  const { loadStripe } = await import('@stripe/stripe-js/pure');
  return loadStripe(publishableKey);
};
