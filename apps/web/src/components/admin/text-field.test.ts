import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { fieldErrorsOf } from './text-field';

describe('fieldErrorsOf', () => {
  it("keeps each listed field's first message and leaves the other fields out", () => {
    const schema = z.object({
      email: z.string().min(1, 'Email is required').email('Must be a valid email.'),
      roleIds: z.array(z.string()),
    });
    const parsed = schema.safeParse({ email: '', roleIds: 'none' });
    expect(parsed.success).toBe(false);
    expect(fieldErrorsOf(parsed.error?.issues ?? [], ['email'] as const)).toEqual({
      email: 'Email is required',
    });
  });
});
