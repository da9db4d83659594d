import { z } from 'zod';

/** SPEC section 3 "Phone number": one of the signed-in user's own numbers (Profile section). */
export const phoneNumberSchema = z.object({
  id: z.string(),
  userId: z.string(),
  phoneNumber: z.string(),
  verified: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type PhoneNumber = z.infer<typeof phoneNumberSchema>;
