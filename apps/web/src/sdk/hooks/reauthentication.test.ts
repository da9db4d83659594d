import { describe, expect, it, vi } from 'vitest';
import { createReauthenticationApi, isReauthenticationRequired } from './reauthentication';

describe('the re-authentication calls (issue 10)', () => {
  it('recognises the refusal by its errorCode only', () => {
    expect(isReauthenticationRequired({ errorCode: 'ER-AUTH-REAUTHENTICATION-REQUIRED' })).toBe(true);
    expect(isReauthenticationRequired(new Error('ER-AUTH-REAUTHENTICATION-REQUIRED'))).toBe(false);
    expect(isReauthenticationRequired({ errorCode: 'ER-MFA-INVALID-CODE' })).toBe(false);
    expect(isReauthenticationRequired(null)).toBe(false);
  });

  it('confirms with the password or a step-up factor, then renews the token', async () => {
    const posted: [string, unknown][] = [];
    const transport = {
      get: vi.fn(async () => ({ password: true, maxAgeSeconds: 600 })),
      post: vi.fn(async (url: string, body?: unknown) => {
        posted.push([url, body]);
        if (url.endsWith('/step-up/generate'))
          return {
            mfaToken: 'mfa',
            mfaDevices: {
              authenticators: [{ id: 'a' }],
              phones: [{ id: 'p1', phoneNumber: '***99' }],
              emails: [{ email: 'x@acme.test' }],
              webauthn: [],
            },
          };
        if (url.endsWith('/mfa/sms/p1')) return { otcToken: 'otc', phoneNumber: '***99' };
        return {};
      }),
    };
    const renew = vi.fn(async () => undefined);
    const api = createReauthenticationApi(transport, renew);
    expect(await api.options()).toEqual({ password: true, securityKey: false });

    await api.withPassword('secret');
    expect(posted.at(-1)).toEqual([
      '/identity/resources/auth/v1/user/reauthenticate',
      { password: 'secret' },
    ]);
    expect(renew).toHaveBeenCalledTimes(1);

    const stepUp = await api.startSecondFactor();
    expect(stepUp.factors.map((factor) => factor.kind)).toEqual(['authenticator', 'sms', 'email']);
    const sms = stepUp.factors[1]!;
    const sent = await api.sendCode(stepUp, sms);
    await api.verify(stepUp, sms, '123456', sent?.otcToken ?? null);
    expect(posted.at(-1)).toEqual([
      '/identity/resources/auth/v1/user/mfa/sms/p1/verify',
      { mfaToken: 'mfa', otcToken: 'otc', code: '123456' },
    ]);
    await api.verify(stepUp, stepUp.factors[0]!, '654321', null);
    expect(posted.at(-1)).toEqual([
      '/identity/resources/auth/v1/user/mfa/verify',
      { mfaToken: 'mfa', value: '654321' },
    ]);
    expect(renew).toHaveBeenCalledTimes(3);
  });

  it('confirms with a security key: the server’s challenge goes to the browser, its answer back, then the token is renewed', async () => {
    const posted: [string, unknown][] = [];
    const challenge = { challenge: 'c2VydmVy', allowCredentials: [{ id: 'a2V5', type: 'public-key' }] };
    const transport = {
      get: vi.fn(async () => ({ password: false, securityKey: true, maxAgeSeconds: 600 })),
      post: vi.fn(async (url: string, body?: unknown) => {
        posted.push([url, body]);
        return url.endsWith('/webauthn/options') ? challenge : { accessToken: 'fresh' };
      }),
    };
    const renew = vi.fn(async () => undefined);
    const assertion = {
      id: 'a2V5',
      response: { clientDataJSON: 'e30', authenticatorData: 'YQ', signature: 'cw' },
    };
    const assert = vi.fn(async () => assertion);
    const api = createReauthenticationApi(transport, renew, assert);
    expect(await api.options()).toEqual({ password: false, securityKey: true });

    await api.withSecurityKey();
    expect(assert).toHaveBeenCalledWith(challenge);
    expect(posted).toEqual([
      ['/identity/resources/auth/v1/user/reauthenticate/webauthn/options', undefined],
      ['/identity/resources/auth/v1/user/reauthenticate/webauthn', { publicKey: assertion }],
    ]);
    expect(renew).toHaveBeenCalledTimes(1);

    // The browser refused (cancelled): nothing is sent, nothing renewed.
    assert.mockRejectedValueOnce(new DOMException('cancelled', 'NotAllowedError'));
    await expect(api.withSecurityKey()).rejects.toThrow('cancelled');
    expect(posted).toHaveLength(3);
    expect(renew).toHaveBeenCalledTimes(1);
  });
});
