import { describe, expect, it } from 'vitest';
import { createOutboxMailer } from '../../../src/services/mail.js';
import { expectErrorShape, startTestServer, uniqueEmail, useTestServer } from '../../harness.js';

const server = useTestServer();

async function sendHostileMail(to: string) {
  const mailer = createOutboxMailer({
    db: server().db,
    from: 'Brizo <no-reply@brizo.test>',
    clock: server().clock,
  });
  await mailer.send({
    to,
    subject: 'Hello <script>alert("s")</script>',
    text: 'Open https://identity.test/account/activate?userId=1&token=abc now',
    html: '<p>Hi</p><script>alert("x")</script><a href="https://identity.test/account/activate?userId=1&token=abc">go</a>',
  });
}

describe('dev mailbox (DEV_TOOLS on)', () => {
  it('GET /dev/api/mailbox lists mail newest first and filters by recipient', async () => {
    const to = uniqueEmail('mailbox');
    await sendHostileMail(to);
    await sendHostileMail(to);
    await sendHostileMail(uniqueEmail('other'));
    const response = await server().app.inject({
      method: 'GET',
      url: `/dev/api/mailbox?to=${encodeURIComponent(to.toUpperCase())}`,
    });
    expect(response.statusCode).toBe(200);
    const messages = response.json();
    expect(messages).toHaveLength(2);
    expect(messages[0]).toMatchObject({
      to,
      subject: expect.stringContaining('Hello'),
      text: expect.stringContaining('https://'),
      html: expect.any(String),
      createdAt: expect.any(String),
      id: expect.any(String),
    });
  });

  it('HTML pages escape content and sandbox the message HTML, with clickable links', async () => {
    const to = uniqueEmail('html');
    await sendHostileMail(to);
    const list = await server().app.inject({
      method: 'GET',
      url: `/dev/mailbox?to=${encodeURIComponent(to)}`,
    });
    expect(list.headers['content-type']).toMatch(/text\/html/);
    expect(list.body).not.toContain('<script>alert("s")</script>');
    expect(list.body).toContain('Hello &lt;script&gt;');
    const [message] = (
      await server().app.inject({ method: 'GET', url: `/dev/api/mailbox?to=${encodeURIComponent(to)}` })
    ).json();
    const page = await server().app.inject({ method: 'GET', url: `/dev/mailbox/${message.id}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).not.toMatch(/<script>alert/);
    expect(page.body).toContain('<iframe sandbox=');
    expect(page.body).toContain('<a href="https://identity.test/account/activate?userId=1&amp;token=abc">');
  });

  it('an unknown message is a 404', async () => {
    expectErrorShape(
      await server().app.inject({ method: 'GET', url: '/dev/mailbox/00000000-0000-4000-8000-000000000000' }),
      404,
    );
    expectErrorShape(await server().app.inject({ method: 'GET', url: '/dev/mailbox/not-an-id' }), 400);
  });

  it('is absent when DEV_TOOLS is off', async () => {
    const production = await startTestServer(server().db, { env: { DEV_TOOLS: 'false' } });
    try {
      expectErrorShape(await production.app.inject({ method: 'GET', url: '/dev/api/mailbox' }), 404);
    } finally {
      await production.app.close();
    }
  });
});
