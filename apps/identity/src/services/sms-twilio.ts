import { afterCommit } from '../db/client.js';
import type { BackgroundLog } from './background.js';
import { normalizePhoneNumber, type SmsSender } from './sms.js';

// Issue 16: text messages through Twilio's REST Messages API (SMS_PROVIDER=twilio): one form-encoded
// POST per message with HTTP basic auth (account SID and auth token). The body of a message holds a
// code, so neither the log nor the error ever carries it.

export interface TwilioSettings {
  accountSid: string;
  authToken: string;
  /** The sender: a Twilio number (From) or a messaging service (MessagingServiceSid). */
  sender: { from: string } | { messagingServiceSid: string };
  /** Twilio's API origin; tests point it at a local server. */
  apiUrl: string;
}

/** A message Twilio refused or could not be reached for: the caller's request fails as with the outbox. */
export class SmsDeliveryError extends Error {
  override name = 'SmsDeliveryError';
  constructor(
    message: string,
    readonly details: { status?: number; code?: number },
  ) {
    super(message);
  }
}

/** Twilio's error answer (`code`, `message`, `more_info`, `status`), read loosely. */
async function twilioError(response: Response): Promise<{ code?: number; message?: string }> {
  try {
    const body: unknown = await response.json();
    if (typeof body !== 'object' || body === null) return {};
    const code = 'code' in body && typeof body.code === 'number' ? body.code : undefined;
    const message = 'message' in body && typeof body.message === 'string' ? body.message : undefined;
    return { code, message };
  } catch {
    return {};
  }
}

/** The last digits only: enough to tell recipients apart in a log, not to reach one. */
const maskedNumber = (to: string) => `…${to.slice(-3)}`;

export function createTwilioSms(settings: TwilioSettings, log: BackgroundLog): SmsSender {
  const url = `${settings.apiUrl}/2010-04-01/Accounts/${encodeURIComponent(settings.accountSid)}/Messages.json`;
  const authorization = `Basic ${Buffer.from(`${settings.accountSid}:${settings.authToken}`).toString('base64')}`;
  const deliver = async (to: string, text: string) => {
    const form = new URLSearchParams({ To: to });
    if ('from' in settings.sender) form.set('From', settings.sender.from);
    else form.set('MessagingServiceSid', settings.sender.messagingServiceSid);
    form.set('Body', text);
    let response: Response;
    try {
      response = await fetch(url, {
        method: 'POST',
        headers: {
          authorization,
          'content-type': 'application/x-www-form-urlencoded',
          accept: 'application/json',
        },
        body: form,
        signal: AbortSignal.timeout(10_000),
      });
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      log.error({ provider: 'twilio', to: maskedNumber(to), reason }, 'SMS provider unreachable');
      throw new SmsDeliveryError(`SMS provider unreachable: ${reason}`, {});
    }
    if (response.ok) {
      await response.body?.cancel();
      return;
    }
    const { code, message } = await twilioError(response);
    log.error(
      { provider: 'twilio', to: maskedNumber(to), status: response.status, code, providerMessage: message },
      'SMS provider refused a message',
    );
    throw new SmsDeliveryError(
      `SMS provider refused the message (${response.status}${code ? `, code ${code}` : ''})`,
      {
        status: response.status,
        code,
      },
    );
  };
  return {
    // Inside a transaction the message leaves once the change it tells of has committed.
    send: (message) => afterCommit(() => deliver(normalizePhoneNumber(message.to), message.text)),
  };
}
