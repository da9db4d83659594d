import { formatAmount } from '@brizo/contract/entities/billing';

/** A plan's price as the section shows it: "$100.00 / month" (SPEC section 9: cents / 100, monthly). */
export const priceText = (amount: number, currency: string) => `${formatAmount(amount, currency)} / month`;
