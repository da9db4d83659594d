import type nodemailer from 'nodemailer';
import { afterCommit, type Db } from '../db/client.js';
import { insertOutboxMessage } from '../db/queries/mail-outbox.js';
import { lazyModule } from '../lib/lazy-module.js';
import type { Clock } from '../lib/time.js';

const smtp = lazyModule<typeof nodemailer>('nodemailer');

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  close(): Promise<void>;
}

/** Default transport: the database outbox, read by the dev mailbox (/dev/mailbox). */
export function createOutboxMailer(deps: { db: Db; from: string; clock: Clock }): Mailer {
  return {
    async send(message) {
      await insertOutboxMessage(deps.db, {
        ...message,
        to: message.to.trim().toLowerCase(),
        from: deps.from,
        createdAt: deps.clock.now(),
      });
    },
    async close() {},
  };
}

/** SMTP_URL set: real delivery through nodemailer (smtp://user:pass@host:port, smtps:// for TLS). */
export function createSmtpMailer(deps: { smtpUrl: string; from: string }): Mailer {
  const transport = smtp().createTransport(deps.smtpUrl);
  return {
    // Inside a transaction the mail leaves once the change it tells of has committed.
    send: (message) =>
      afterCommit(async () => {
        await transport.sendMail({ from: deps.from, ...message });
      }),
    async close() {
      transport.close();
    },
  };
}
