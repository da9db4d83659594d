import { afterEach, describe, expect, it, vi } from 'vitest';
import { signupTypeOf, watchSignUpAnswer } from './sign-up-outcome';

const SIGN_UP = 'http://localhost/frontegg/identity/resources/users/v1/signUp';
const answerOf = (signupType: string) => ({
  shouldActivate: true,
  userId: 'u1',
  tenantId: 't1',
  user: { vendorMetadata: JSON.stringify({ signupType }) },
});

describe('the sign-up answer (walk-through defects: a personal email was promised a free trial)', () => {
  const realFetch = window.fetch;
  afterEach(() => {
    window.fetch = realFetch;
  });

  it("reads vendorMetadata's signupType, and nothing from other shapes", () => {
    expect(signupTypeOf(answerOf('personal'))).toBe('personal');
    expect(signupTypeOf({ user: { vendorMetadata: 'not json' } })).toBeNull();
    expect(signupTypeOf({ shouldActivate: true })).toBeNull();
    expect(signupTypeOf(null)).toBeNull();
  });

  it("hears the sign-up's answer as the store reads it, then puts fetch back", async () => {
    const network = vi.fn(async () => Response.json(answerOf('personal')));
    window.fetch = network;
    let storeRead: unknown;
    const type = await watchSignUpAnswer(async () => {
      const response = await window.fetch(SIGN_UP, { method: 'POST', body: '{}' });
      storeRead = await response.json();
    });
    expect(type).toBe('personal');
    // The store still reads the whole body.
    expect(storeRead).toEqual(answerOf('personal'));
    expect(window.fetch).toBe(network);
  });

  it('a refused or unsent sign-up says nothing', async () => {
    window.fetch = vi.fn(async () => Response.json({ errors: ['Sign up is disabled'] }, { status: 400 }));
    expect(
      await watchSignUpAnswer(async () => {
        await window.fetch(SIGN_UP, { method: 'POST' });
      }),
    ).toBeNull();
    expect(await watchSignUpAnswer(async () => undefined)).toBeNull();
  });
});
