// Issue 16: text messages through Twilio's Messages API, against a local server that checks each
// request as Twilio documents it (form-encoded To, From or MessagingServiceSid, Body; basic auth) and
// answers as Twilio does (201 with the message, 400 with an error object).
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config.js';
import { createTwilioSms, SmsDeliveryError } from '../../src/services/sms-twilio.js';

const ACCOUNT_SID = `AC${'0123456789abcdef'.repeat(2)}`;
const AUTH_TOKEN = 'twilio-auth-token';
const SERVICE_SID = `MG${'fedcba9876543210'.repeat(2)}`;
/** Twilio's test number for "invalid To": answered with error 21211. */
const INVALID_NUMBER = '+15005550001';

interface Received {
  method: string;
  path: string;
  contentType: string | undefined;
  authorization: string | undefined;
  form: Record<string, string>;
}

const received: Received[] = [];
let twilio: Server;
let apiUrl = '';

beforeAll(async () => {
  twilio = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const form = Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString('utf8')));
      received.push({
        method: request.method ?? '',
        path: request.url ?? '',
        contentType: request.headers['content-type'],
        authorization: request.headers.authorization,
        form,
      });
      const expected = `Basic ${Buffer.from(`${ACCOUNT_SID}:${AUTH_TOKEN}`).toString('base64')}`;
      response.setHeader('content-type', 'application/json');
      if (request.headers.authorization !== expected) {
        response.statusCode = 401;
        response.end(JSON.stringify({ code: 20003, message: 'Authenticate', more_info: '', status: 401 }));
        return;
      }
      if (form.To === INVALID_NUMBER) {
        response.statusCode = 400;
        response.end(
          JSON.stringify({
            code: 21211,
            message: `The 'To' number ${INVALID_NUMBER} is not a valid phone number.`,
            more_info: 'https://www.twilio.com/docs/errors/21211',
            status: 400,
          }),
        );
        return;
      }
      response.statusCode = 201;
      response.end(
        JSON.stringify({
          sid: `SM${'a'.repeat(32)}`,
          account_sid: ACCOUNT_SID,
          to: form.To,
          from: form.From ?? null,
          messaging_service_sid: form.MessagingServiceSid ?? null,
          body: form.Body,
          status: 'queued',
          num_segments: '1',
          direction: 'outbound-api',
          api_version: '2010-04-01',
          error_code: null,
          error_message: null,
        }),
      );
    });
  });
  await new Promise<void>((resolve) => twilio.listen(0, '127.0.0.1', resolve));
  apiUrl = `http://127.0.0.1:${(twilio.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise<void>((resolve) => twilio.close(() => resolve()));
});

const logged: Array<{ details: Record<string, unknown>; message: string }> = [];
const log = {
  error: (details: Record<string, unknown>, message: string) => logged.push({ details, message }),
};

describe('the Twilio SMS provider', () => {
  it('posts the message form-encoded with basic auth to the account’s Messages resource', async () => {
    const sms = createTwilioSms(
      { accountSid: ACCOUNT_SID, authToken: AUTH_TOKEN, sender: { from: '+15550100100' }, apiUrl },
      log,
    );
    await sms.send({ to: '+1 (555) 010-0199', text: 'Your code is 123456' });
    expect(received.at(-1)).toEqual({
      method: 'POST',
      path: `/2010-04-01/Accounts/${ACCOUNT_SID}/Messages.json`,
      contentType: 'application/x-www-form-urlencoded',
      authorization: `Basic ${Buffer.from(`${ACCOUNT_SID}:${AUTH_TOKEN}`).toString('base64')}`,
      form: { To: '+15550100199', From: '+15550100100', Body: 'Your code is 123456' },
    });
  });

  it('sends through a messaging service when one is configured', async () => {
    const sms = createTwilioSms(
      {
        accountSid: ACCOUNT_SID,
        authToken: AUTH_TOKEN,
        sender: { messagingServiceSid: SERVICE_SID },
        apiUrl,
      },
      log,
    );
    await sms.send({ to: '+15550100199', text: 'Your code is 654321' });
    expect(received.at(-1)?.form).toEqual({
      To: '+15550100199',
      MessagingServiceSid: SERVICE_SID,
      Body: 'Your code is 654321',
    });
  });

  it('surfaces a refusal to the caller and logs it without the message body', async () => {
    const sms = createTwilioSms(
      { accountSid: ACCOUNT_SID, authToken: AUTH_TOKEN, sender: { from: '+15550100100' }, apiUrl },
      log,
    );
    logged.length = 0;
    const failure = sms.send({ to: INVALID_NUMBER, text: 'Your code is 998877' });
    await expect(failure).rejects.toBeInstanceOf(SmsDeliveryError);
    await expect(failure).rejects.toMatchObject({ details: { status: 400, code: 21211 } });
    expect(logged).toHaveLength(1);
    expect(logged[0]?.message).toBe('SMS provider refused a message');
    expect(logged[0]?.details).toMatchObject({ provider: 'twilio', status: 400, code: 21211 });
    expect(JSON.stringify(logged)).not.toContain('998877');
  });

  it('surfaces wrong credentials the same way', async () => {
    const sms = createTwilioSms(
      { accountSid: ACCOUNT_SID, authToken: 'wrong', sender: { from: '+15550100100' }, apiUrl },
      log,
    );
    await expect(sms.send({ to: '+15550100199', text: 'Your code is 112233' })).rejects.toMatchObject({
      details: { status: 401, code: 20003 },
    });
  });
});

describe('SMS_PROVIDER', () => {
  it('is the outbox unless told otherwise', () => {
    expect(loadConfig({}).sms).toEqual({ provider: 'outbox' });
  });

  it('twilio reads its account, token, sender and API origin', () => {
    expect(
      loadConfig({
        SMS_PROVIDER: 'twilio',
        TWILIO_ACCOUNT_SID: ACCOUNT_SID,
        TWILIO_AUTH_TOKEN: AUTH_TOKEN,
        TWILIO_FROM: '+15550100100',
      }).sms,
    ).toEqual({
      provider: 'twilio',
      accountSid: ACCOUNT_SID,
      authToken: AUTH_TOKEN,
      sender: { from: '+15550100100' },
      apiUrl: 'https://api.twilio.com',
    });
  });

  it('twilio without a sender is refused with the variables it needs', () => {
    expect(() =>
      loadConfig({ SMS_PROVIDER: 'twilio', TWILIO_ACCOUNT_SID: ACCOUNT_SID, TWILIO_AUTH_TOKEN: AUTH_TOKEN }),
    ).toThrow(
      new ConfigError(
        'Invalid environment variable:\n  SMS_PROVIDER="twilio": needs TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_FROM or TWILIO_MESSAGING_SERVICE_SID',
      ),
    );
  });

  it('a malformed account SID names the variable', () => {
    expect(() => loadConfig({ TWILIO_ACCOUNT_SID: 'nope' })).toThrow(
      /TWILIO_ACCOUNT_SID="nope": expected a Twilio account SID/,
    );
  });
});
