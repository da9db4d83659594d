import { describe, expect, it } from 'vitest';
import { cardFormSchema } from './card-form';

describe('card form (issue 15)', () => {
  it('reads a card with spaces and an MM/YY expiry', () => {
    expect(
      cardFormSchema.parse({
        cardNumber: '4242 4242 4242 4242',
        expiry: '08 / 31',
        cvc: '123',
        name: ' Ada ',
      }),
    ).toEqual({ cardNumber: '4242424242424242', expMonth: 8, expYear: 2031, cvc: '123', name: 'Ada' });
  });

  it('reads a four-digit year', () => {
    expect(
      cardFormSchema.parse({ cardNumber: '4242424242424242', expiry: '12/2030', cvc: '1234', name: 'A' }),
    ).toMatchObject({
      expMonth: 12,
      expYear: 2030,
    });
  });

  it.each([
    ['cardNumber', { cardNumber: '4242', expiry: '08/31', cvc: '123', name: 'A' }, 'Enter the card number'],
    [
      'expiry',
      { cardNumber: '4242424242424242', expiry: '13/31', cvc: '123', name: 'A' },
      'Enter the expiry as MM/YY',
    ],
    [
      'cvc',
      { cardNumber: '4242424242424242', expiry: '08/31', cvc: '12', name: 'A' },
      'Enter the 3 or 4 digits on the back of the card',
    ],
    [
      'name',
      { cardNumber: '4242424242424242', expiry: '08/31', cvc: '123', name: ' ' },
      'Enter the name on the card',
    ],
  ] as const)('refuses a bad %s', (field, values, message) => {
    const result = cardFormSchema.safeParse(values);
    expect(result.success).toBe(false);
    expect(result.error?.issues).toEqual([expect.objectContaining({ path: [field], message })]);
  });
});
