import { describe, expect, it } from 'vitest';
import {
  countMfaDevices,
  createMfaDevicesApi,
  type MfaDeviceList,
  type MfaDevicesTransport,
} from './mfa-devices';

const MFA = '/identity/resources/users/v1/mfa';

/** A transport that records each call and answers from a table keyed by path. */
function recording(answers: Record<string, unknown> = {}) {
  const calls: { method: 'GET' | 'POST'; url: string; body?: unknown }[] = [];
  const answer = (url: string) => (url in answers ? answers[url] : {});
  const transport: MfaDevicesTransport = {
    get: async (url) => {
      calls.push({ method: 'GET', url });
      return answer(url);
    },
    post: async (url, body) => {
      calls.push({ method: 'POST', url, body });
      return answer(url);
    },
  };
  return { transport, calls };
}

const noDevices: MfaDeviceList = { webauthn: [], phones: [], authenticators: [], emails: [] };
const deviceId = '7d3c7e55-0000-4000-8000-000000000001';

describe('countMfaDevices (SPEC section 5: one per type)', () => {
  it('counts each type once however many devices it has', () => {
    expect(countMfaDevices(noDevices)).toBe(0);
    expect(
      countMfaDevices({
        ...noDevices,
        webauthn: [
          { id: 'a', deviceType: 'CrossPlatform', name: 'Key 1' },
          { id: 'b', deviceType: 'Platform', name: 'Key 2' },
        ],
        phones: [{ id: 'p', phoneNumber: '********0199' }],
      }),
    ).toBe(2);
  });
});

describe('createMfaDevicesApi', () => {
  it('lists the devices and refuses an answer of another shape', async () => {
    const devices = { ...noDevices, emails: [{ email: 'ada@acme-foods.test' }] };
    const { transport, calls } = recording({ [`${MFA}/devices`]: devices });
    await expect(createMfaDevicesApi(transport).list()).resolves.toEqual(devices);
    expect(calls).toEqual([{ method: 'GET', url: `${MFA}/devices` }]);

    const broken = recording({ [`${MFA}/devices`]: { phones: 'none' } });
    await expect(createMfaDevicesApi(broken.transport).list()).rejects.toThrow();
  });

  it('enrolls and removes a phone with the texted code', async () => {
    const { transport, calls } = recording({
      [`${MFA}/sms/enroll`]: { otcToken: 'otc-1', phoneNumber: '+15550100199' },
      [`${MFA}/sms/enroll/verify`]: { recoveryCode: 'ABCD-EFGH' },
      [`${MFA}/sms/${deviceId}/disable`]: { otcToken: 'otc-2', phoneNumber: '********0199' },
    });
    const api = createMfaDevicesApi(transport);
    const sent = await api.sms.start('+15550100199');
    expect(await api.sms.finish(sent, '123456')).toEqual({ recoveryCode: 'ABCD-EFGH' });
    const removal = await api.sms.startRemoval(deviceId);
    expect(removal.phoneNumber).toBe('********0199');
    await api.sms.finishRemoval(deviceId, removal, '654321');
    expect(calls.map(({ url, body }) => [url, body])).toEqual([
      [`${MFA}/sms/enroll`, { phoneNumber: '+15550100199' }],
      [`${MFA}/sms/enroll/verify`, { otcToken: 'otc-1', code: '123456' }],
      [`${MFA}/sms/${deviceId}/disable`, undefined],
      [`${MFA}/sms/${deviceId}/disable/verify`, { otcToken: 'otc-2', code: '654321' }],
    ]);
  });

  it('enrolls and removes email codes with the mailed code', async () => {
    const { transport, calls } = recording({
      [`${MFA}/emailcode/enroll`]: { otcToken: 'otc-3' },
      [`${MFA}/emailcode/disable`]: { otcToken: 'otc-4' },
    });
    const api = createMfaDevicesApi(transport);
    expect(await api.email.finish(await api.email.start(), '111111')).toEqual({});
    await api.email.finishRemoval(await api.email.startRemoval(), '222222');
    expect(calls.map(({ url, body }) => [url, body])).toEqual([
      [`${MFA}/emailcode/enroll`, undefined],
      [`${MFA}/emailcode/enroll/verify`, { otcToken: 'otc-3', code: '111111' }],
      [`${MFA}/emailcode/disable`, undefined],
      [`${MFA}/emailcode/disable/verify`, { otcToken: 'otc-4', code: '222222' }],
    ]);
  });

  it('enrolls and removes an authenticator app with a current code', async () => {
    const { transport, calls } = recording({
      [`${MFA}/authenticator/enroll`]: { qrCode: 'otpauth://totp/Brizo?secret=ABC' },
      [`${MFA}/authenticator/enroll/verify`]: { recoveryCode: 'WXYZ-2345' },
    });
    const api = createMfaDevicesApi(transport);
    expect((await api.authenticator.start()).qrCode).toContain('otpauth://');
    expect(await api.authenticator.finish('333333')).toEqual({ recoveryCode: 'WXYZ-2345' });
    await api.authenticator.remove(deviceId, '444444');
    expect(calls.at(-1)).toEqual({
      method: 'POST',
      url: `${MFA}/authenticator/${deviceId}/disable/verify`,
      body: { token: '444444' },
    });
  });

  it('decodes security-key options for the browser', async () => {
    const { transport } = recording({
      [`${MFA}/webauthn/enroll`]: {
        webauthnToken: 'wt-1',
        options: {
          challenge: 'AQID',
          rp: { id: 'localhost', name: 'Brizo' },
          user: { id: 'BAUG', name: 'ada', displayName: 'Ada' },
          excludeCredentials: [{ id: 'BwgJ', type: 'public-key' }],
        },
      },
      [`${MFA}/webauthn/${deviceId}/disable`]: {
        webauthnToken: 'wt-2',
        options: { challenge: 'CgsM', allowCredentials: [{ id: 'DQ4P', type: 'public-key' }] },
      },
    });
    const api = createMfaDevicesApi(transport);
    const enrollment = await api.securityKey.start();
    expect(enrollment.webauthnToken).toBe('wt-1');
    expect([...new Uint8Array(enrollment.options.challenge as ArrayBuffer)]).toEqual([1, 2, 3]);
    expect([...new Uint8Array(enrollment.options.user.id as ArrayBuffer)]).toEqual([4, 5, 6]);
    const removal = await api.securityKey.startRemoval(deviceId);
    const [allowed] = removal.options.allowCredentials ?? [];
    expect([...new Uint8Array(allowed?.id as ArrayBuffer)]).toEqual([13, 14, 15]);
  });

  it('passes server failures on to the caller', async () => {
    const failing: MfaDevicesTransport = {
      get: () => Promise.reject(new Error('Unauthorized')),
      post: () => Promise.reject(new Error('The code is incorrect or has expired')),
    };
    const api = createMfaDevicesApi(failing);
    await expect(api.sms.finish({ otcToken: 'x' }, '000000')).rejects.toThrow('The code is incorrect');
    await expect(api.list()).rejects.toThrow('Unauthorized');
  });
});
