import type { Config } from '../../../config.js';
import { createDevelopmentProvider } from './development.js';
import type { PaymentProvider } from './provider.js';
import { createStripeProvider } from './stripe.js';

/** The provider PAYMENT_PROVIDER chose (config.ts), or null for none. */
export function paymentProviderOf(payments: Config['payments']): PaymentProvider | null {
  switch (payments.provider) {
    case 'development':
      return createDevelopmentProvider();
    case 'stripe':
      return createStripeProvider(payments);
    case 'none':
      return null;
  }
}
