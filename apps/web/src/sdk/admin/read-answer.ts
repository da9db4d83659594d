import type { z } from 'zod';

/**
 * A server answer read with its contract schema (@brizo/contract/entities/*): an answer that is not what
 * the contract says fails like a refused call, through the caller's error path, instead of reaching the
 * screens in a shape they do not expect.
 */
export function readAnswer<T extends z.ZodType>(schema: T, answer: unknown, what: string): z.output<T> {
  const read = schema.safeParse(answer);
  if (read.success) return read.data;
  throw new Error(`The server's answer could not be read (${what})`);
}
