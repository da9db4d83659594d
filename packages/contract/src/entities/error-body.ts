import { z } from 'zod';

/** SPEC section 8: every failed answer's body. */
export const errorBodySchema = z.object({ errors: z.array(z.string()), errorCode: z.string() });
export type ErrorBody = z.infer<typeof errorBodySchema>;
