import { z } from 'zod';

// The development provider's card form (issue 15): what the person types, read into what the server's
// card confirmation takes. The card number goes to the server once and is never kept there either.

export interface CardFormValues {
  cardNumber: string;
  expiry: string;
  cvc: string;
  name: string;
}

export const emptyCardForm: CardFormValues = { cardNumber: '', expiry: '', cvc: '', name: '' };

export type CardField = keyof CardFormValues;

export const cardFormSchema = z
  .object({
    cardNumber: z
      .string()
      .transform((value) => value.replace(/[\s-]/g, ''))
      .pipe(z.string().regex(/^\d{12,19}$/, 'Enter the card number')),
    expiry: z
      .string()
      .trim()
      .regex(/^(0[1-9]|1[0-2])\s*\/\s*(\d{2}|\d{4})$/, 'Enter the expiry as MM/YY'),
    cvc: z
      .string()
      .trim()
      .regex(/^\d{3,4}$/, 'Enter the 3 or 4 digits on the back of the card'),
    name: z.string().trim().min(1, 'Enter the name on the card').max(200),
  })
  .transform(({ cardNumber, expiry, cvc, name }) => {
    const [month = '', year = ''] = expiry.split('/').map((part) => part.trim());
    return {
      cardNumber,
      expMonth: Number(month),
      expYear: year.length === 2 ? 2000 + Number(year) : Number(year),
      cvc,
      name,
    };
  });
