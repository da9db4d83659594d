import type { Config } from '../config.js';
import type { Db } from '../db/client.js';
import { insertOutboxSms } from '../db/queries/sms-outbox.js';
import type { Clock } from '../lib/time.js';
import type { BackgroundLog } from './background.js';
import { createTwilioSms } from './sms-twilio.js';

export interface SmsMessage {
  /** A phone number in any common notation; providers receive it normalised (see normalizePhoneNumber). */
  to: string;
  text: string;
}

/**
 * The SMS provider interface: every text message of the server goes through one of these. A provider
 * that calls a network gateway sends through `afterCommit` (db/client.ts), as the SMTP mailer does.
 */
export interface SmsSender {
  send(message: SmsMessage): Promise<void>;
}

/**
 * One spelling per phone number, so that "+1 (555) 010-0199" and "+15550100199" are the same
 * recipient: spaces, dots, dashes and brackets go, a leading 00 becomes +.
 */
export const normalizePhoneNumber = (phoneNumber: string): string => {
  const compact = phoneNumber.trim().replace(/[\s().-]/g, '');
  return compact.startsWith('00') ? `+${compact.slice(2)}` : compact;
};

/** Loose E.164: a +, then 7 to 15 digits (after normalizePhoneNumber). */
export const isPhoneNumber = (phoneNumber: string): boolean => /^\+[1-9]\d{6,14}$/.test(phoneNumber);

/** Default provider: the database outbox, read by the dev SMS page (/dev/sms) and /dev/api/sms. */
export function createOutboxSms(deps: { db: Db; clock: Clock }): SmsSender {
  return {
    async send(message) {
      await insertOutboxSms(deps.db, {
        to: normalizePhoneNumber(message.to),
        text: message.text,
        createdAt: deps.clock.now(),
      });
    },
  };
}

/** Issue 16: the provider SMS_PROVIDER chose (config.ts): the outbox, or Twilio (services/sms-twilio.ts). */
export function smsSenderOf(
  settings: Config['sms'],
  deps: { db: Db; clock: Clock; log: BackgroundLog },
): SmsSender {
  if (settings.provider === 'outbox') return createOutboxSms(deps);
  return createTwilioSms(settings, deps.log);
}
