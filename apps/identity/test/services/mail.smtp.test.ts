import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSmtpMailer } from '../../src/services/mail.js';
import { as, createTenantAdmins } from '../admin-support.js';
import { API, startTestServer, uniqueEmail, useTestServer } from '../harness.js';

const server = useTestServer();
const received: ParsedMail[] = [];
let smtp: SMTPServer;
let port = 0;

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((mail) => {
          received.push(mail);
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  port = (smtp.server.address() as AddressInfo).port;
});
afterAll(async () => {
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

describe('SMTP delivery (SMTP_URL)', () => {
  it('a sign-up activation mail really goes out over SMTP, text and HTML with the link', async () => {
    const config = { smtpUrl: `smtp://127.0.0.1:${port}`, from: 'Brizo Access <no-reply@brizo.test>' };
    const withSmtp = await startTestServer(server().db, {
      env: { SMTP_URL: config.smtpUrl },
      mailer: createSmtpMailer(config),
    });
    try {
      const email = uniqueEmail('smtp');
      const response = await withSmtp.app.inject({
        method: 'POST',
        url: `${API}/users/v1/signUp`,
        payload: { email, companyName: 'Smtp Foods', name: 'Sam Tp' },
      });
      expect(response.statusCode).toBe(200);
      const mail = received.find(
        (message) => message.subject?.includes('Activate') && message.text?.includes(response.json().userId),
      );
      expect(mail).toBeDefined();
      expect(mail?.from?.text).toContain('no-reply@brizo.test');
      expect(JSON.stringify(mail?.to)).toContain(email);
      expect(mail?.text).toMatch(/http:\/\/identity\.test\/account\/activate\?userId=[0-9a-f-]+&token=\S+/);
      expect(mail?.html).toContain('http://identity.test/account/activate?userId=');
      // With SMTP configured nothing goes to the dev outbox.
      expect(
        (
          await withSmtp.app.inject({
            method: 'GET',
            url: `/dev/api/mailbox?to=${encodeURIComponent(email)}`,
          })
        ).json(),
      ).toEqual([]);
    } finally {
      await withSmtp.app.close();
    }
  });

  it('a mail leaves only once its change has committed: none for an invitation rolled back', async () => {
    const config = { smtpUrl: `smtp://127.0.0.1:${port}`, from: 'Brizo Access <no-reply@brizo.test>' };
    const withSmtp = await startTestServer(server().db, {
      env: { SMTP_URL: config.smtpUrl },
      mailer: createSmtpMailer(config),
    });
    try {
      const { admin } = await createTenantAdmins(withSmtp);
      const invite = (email: string) =>
        as(withSmtp, admin)('POST', `${API}/users/v2`, { email, name: 'Invited' });
      const mailsTo = (email: string) => received.filter((mail) => JSON.stringify(mail.to).includes(email));

      // The commit itself fails (a deferred check, as a serialization failure would): every statement of
      // the invitation, its mail included, ran before it.
      const rolledBack = uniqueEmail('smtp-rolled-back');
      await withSmtp.db.execute(
        sql.raw(`create or replace function smtp_test_fail_commit() returns trigger language plpgsql as $$
          begin raise exception 'commit failed (test)'; end $$`),
      );
      await withSmtp.db.execute(
        sql.raw(`create constraint trigger smtp_test_fail_commit after insert on users
          deferrable initially deferred for each row when (new.email = '${rolledBack}')
          execute function smtp_test_fail_commit()`),
      );
      try {
        expect((await invite(rolledBack)).statusCode).toBe(500);
      } finally {
        await withSmtp.db.execute(sql`drop trigger if exists smtp_test_fail_commit on users`);
      }
      const committed = uniqueEmail('smtp-committed');
      expect((await invite(committed)).statusCode).toBeLessThan(300);

      // The committed invitation's mail was delivered before its answer; the rolled-back one never left.
      expect(mailsTo(committed)).toHaveLength(1);
      expect(mailsTo(rolledBack)).toEqual([]);
    } finally {
      await withSmtp.app.close();
    }
  });
});
