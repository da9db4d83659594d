// Issue 16: the housekeeping jobs remove what has ended after its retention, keep what must stay (a
// rotated refresh token inside the reuse-detection window, a live session, an unexpired code, a recent
// outbox message), work in bounded batches and count what they removed.
import { randomUUID } from 'node:crypto';
import { inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  billingSetupIntents,
  invitations,
  mailOutbox,
  oneTimeTokens,
  passwordlessCodes,
  refreshTokenFamilies,
  refreshTokens,
  smsOutbox,
  webauthnChallenges,
  webhookDeliveries,
  webhookLogs,
  webhooks,
} from '../../src/db/schema/index.js';
import { createMetrics, type Metrics } from '../../src/services/observability/metrics.js';
import { housekeepingJobs, housekeepingTargets } from '../../src/services/housekeeping/index.js';
import type { Job } from '../../src/services/jobs.js';
import { useTestServer } from '../harness.js';
import { createUser } from '../factories.js';

const HOUR = 60 * 60 * 1000;

const server = useTestServer();
let userId: string;
let tenantId: string;
let metrics: Metrics;
let jobs: Map<string, Job>;

beforeAll(async () => {
  ({
    user: { id: userId },
    tenant: { id: tenantId },
  } = await createUser(server().db, server().passwords));
  metrics = createMetrics();
  const retention = { refreshTokenHours: 24, oneTimeTokenHours: 24, outboxDays: 7, webhookLogDays: 30 };
  jobs = new Map(
    housekeepingJobs({ db: server().db, clock: server().clock, retention, metrics, batch: 2 }).map((job) => [
      job.name,
      job,
    ]),
  );
});

const ago = (ms: number) => new Date(server().clock.now().getTime() - ms);
const ahead = (ms: number) => new Date(server().clock.now().getTime() + ms);

/** Runs a job until it has nothing left; answers each pass's count. */
async function drain(name: string): Promise<number[]> {
  const job = jobs.get(name);
  if (!job) throw new Error(`no job ${name}`);
  const passes: number[] = [];
  for (;;) {
    const removed = await job.run();
    passes.push(removed);
    if (removed < 2) return passes;
  }
}

const removedBy = async (job: string) =>
  (await metrics.housekeepingRemoved.get()).values.find((value) => value.labels.job === job)?.value ?? 0;

describe('the housekeeping jobs', () => {
  it('are registered with the server under their names', async () => {
    for (const { name } of housekeepingTargets)
      expect(await server().app.jobs.run(name)).toBeGreaterThanOrEqual(0);
  });

  it('remove rotated and expired refresh tokens past the retention, and keep the reuse window and live tokens', async () => {
    const { db } = server();
    const family = randomUUID();
    await db.insert(refreshTokenFamilies).values({ id: family, userId, createdAt: ago(72 * HOUR) });
    const token = (name: string, values: { expiresAt: Date; rotatedAt?: Date }) => ({
      tokenHash: `${name}-${randomUUID()}`,
      familyId: family,
      createdAt: ago(72 * HOUR),
      ...values,
    });
    const rows = {
      rotatedLongAgo: token('rotated-long-ago', { expiresAt: ahead(HOUR), rotatedAt: ago(48 * HOUR) }),
      rotatedRecently: token('rotated-recently', { expiresAt: ahead(HOUR), rotatedAt: ago(HOUR) }),
      expiredLongAgo: token('expired-long-ago', { expiresAt: ago(48 * HOUR) }),
      expiredRecently: token('expired-recently', { expiresAt: ago(HOUR) }),
      current: token('current', { expiresAt: ahead(HOUR) }),
    };
    await db.insert(refreshTokens).values(Object.values(rows));

    await drain('housekeeping-refresh-tokens');

    const left = await db
      .select({ tokenHash: refreshTokens.tokenHash })
      .from(refreshTokens)
      .where(inArray(refreshTokens.familyId, [family]));
    expect(left.map((row) => row.tokenHash).sort()).toEqual(
      [rows.rotatedRecently.tokenHash, rows.expiredRecently.tokenHash, rows.current.tokenHash].sort(),
    );
    expect(await removedBy('housekeeping-refresh-tokens')).toBeGreaterThanOrEqual(2);
  });

  it('remove sessions that were revoked or have no tokens left, and keep live ones', async () => {
    const { db } = server();
    const [live, empty, revoked, recent] = [randomUUID(), randomUUID(), randomUUID(), randomUUID()];
    await db.insert(refreshTokenFamilies).values([
      { id: live, userId, createdAt: ago(72 * HOUR) },
      { id: empty, userId, createdAt: ago(72 * HOUR) },
      { id: revoked, userId, createdAt: ago(72 * HOUR), revokedAt: ago(48 * HOUR), revokedReason: 'logout' },
      // Younger than the retention: its first token could still be on its way (never, as one statement
      // writes both, but a new session is never the job's business).
      { id: recent, userId, createdAt: ago(HOUR) },
    ]);
    await db.insert(refreshTokens).values([
      { tokenHash: `live-${randomUUID()}`, familyId: live, expiresAt: ahead(HOUR) },
      { tokenHash: `revoked-${randomUUID()}`, familyId: revoked, expiresAt: ahead(HOUR) },
    ]);

    await drain('housekeeping-sessions');

    const left = await db
      .select({ id: refreshTokenFamilies.id })
      .from(refreshTokenFamilies)
      .where(inArray(refreshTokenFamilies.id, [live, empty, revoked, recent]));
    expect(left.map((row) => row.id).sort()).toEqual([live, recent].sort());
    const revokedTokens = await db
      .select()
      .from(refreshTokens)
      .where(inArray(refreshTokens.familyId, [revoked]));
    expect(revokedTokens).toEqual([]);
  });

  it('remove used or expired one-time tokens in batches, and keep unexpired and recently used ones', async () => {
    const { db } = server();
    const token = (name: string, values: { expiresAt: Date; usedAt?: Date }) => ({
      tokenHash: `${name}-${randomUUID()}`,
      userId,
      purpose: 'activation' as const,
      ...values,
    });
    const gone = [
      ...Array.from({ length: 3 }, (_, i) => token(`expired-${i}`, { expiresAt: ago(48 * HOUR) })),
      ...Array.from({ length: 2 }, (_, i) =>
        token(`used-${i}`, { expiresAt: ahead(72 * HOUR), usedAt: ago(48 * HOUR) }),
      ),
    ];
    const kept = [
      token('unexpired', { expiresAt: ahead(HOUR) }),
      token('used-recently', { expiresAt: ahead(72 * HOUR), usedAt: ago(HOUR) }),
      token('expired-recently', { expiresAt: ago(HOUR) }),
    ];
    await db.insert(oneTimeTokens).values([...gone, ...kept]);
    const before = await removedBy('housekeeping-one-time-tokens');

    // Five rows in batches of two: two full passes run again at once, the third finds one.
    expect(await drain('housekeeping-one-time-tokens')).toEqual([2, 2, 1]);

    const left = await db
      .select({ tokenHash: oneTimeTokens.tokenHash })
      .from(oneTimeTokens)
      .where(
        inArray(
          oneTimeTokens.tokenHash,
          [...gone, ...kept].map((row) => row.tokenHash),
        ),
      );
    expect(left.map((row) => row.tokenHash).sort()).toEqual(kept.map((row) => row.tokenHash).sort());
    expect((await removedBy('housekeeping-one-time-tokens')) - before).toBe(5);
  });

  it('remove expired passwordless codes and WebAuthn challenges, and keep unexpired ones', async () => {
    const { db } = server();
    const code = (expiresAt: Date) => ({ userId, type: 'Code' as const, codeHash: randomUUID(), expiresAt });
    const [expiredCode, liveCode] = [code(ago(48 * HOUR)), code(ahead(HOUR))];
    await db.insert(passwordlessCodes).values([expiredCode, liveCode]);
    const challenge = (expiresAt: Date) => ({
      challenge: randomUUID(),
      ceremony: 'passkey-login' as const,
      expiresAt,
    });
    const [expiredChallenge, liveChallenge] = [challenge(ago(48 * HOUR)), challenge(ahead(HOUR))];
    await db.insert(webauthnChallenges).values([expiredChallenge, liveChallenge]);

    await drain('housekeeping-passwordless-codes');
    await drain('housekeeping-webauthn-challenges');

    const codes = await db
      .select({ codeHash: passwordlessCodes.codeHash })
      .from(passwordlessCodes)
      .where(inArray(passwordlessCodes.codeHash, [expiredCode.codeHash, liveCode.codeHash]));
    expect(codes).toEqual([{ codeHash: liveCode.codeHash }]);
    const challenges = await db
      .select({ challenge: webauthnChallenges.challenge })
      .from(webauthnChallenges)
      .where(inArray(webauthnChallenges.challenge, [expiredChallenge.challenge, liveChallenge.challenge]));
    expect(challenges).toEqual([{ challenge: liveChallenge.challenge }]);
    expect(await removedBy('housekeeping-passwordless-codes')).toBeGreaterThanOrEqual(1);
    expect(await removedBy('housekeeping-webauthn-challenges')).toBeGreaterThanOrEqual(1);
  });

  it('remove mail and SMS outbox messages older than the retention, and keep recent ones', async () => {
    const { db } = server();
    const day = 24 * HOUR;
    const mail = (subject: string, createdAt: Date) => ({
      to: 'someone@acme-foods.test',
      from: 'Brizo <no-reply@brizo.test>',
      subject: `${subject} ${randomUUID()}`,
      text: 'text',
      html: '<p>text</p>',
      createdAt,
    });
    const [oldMail, recentMail] = [mail('old', ago(8 * day)), mail('recent', ago(6 * day))];
    await db.insert(mailOutbox).values([oldMail, recentMail]);
    const sms = (text: string, createdAt: Date) => ({
      to: '+15550100199',
      text: `${text} ${randomUUID()}`,
      createdAt,
    });
    const [oldSms, recentSms] = [sms('old', ago(8 * day)), sms('recent', ago(HOUR))];
    await db.insert(smsOutbox).values([oldSms, recentSms]);

    await drain('housekeeping-mail-outbox');
    await drain('housekeeping-sms-outbox');

    const mails = await db
      .select({ subject: mailOutbox.subject })
      .from(mailOutbox)
      .where(inArray(mailOutbox.subject, [oldMail.subject, recentMail.subject]));
    expect(mails).toEqual([{ subject: recentMail.subject }]);
    const texts = await db
      .select({ text: smsOutbox.text })
      .from(smsOutbox)
      .where(inArray(smsOutbox.text, [oldSms.text, recentSms.text]));
    expect(texts).toEqual([{ text: recentSms.text }]);
    expect(await removedBy('housekeeping-mail-outbox')).toBeGreaterThanOrEqual(1);
    expect(await removedBy('housekeeping-sms-outbox')).toBeGreaterThanOrEqual(1);
  });

  it('remove accepted and replaced invitations and used card setups, and keep pending ones and the newest expired invitation', async () => {
    const { db } = server();
    const other = await createUser(db, server().passwords);
    const invitation = (
      name: string,
      values: { expiresAt: Date; acceptedAt?: Date; createdAt: Date },
      invitee = userId,
    ) => ({
      userId: invitee,
      tenantId,
      tokenHash: `${name}-${randomUUID()}`,
      codeHash: randomUUID(),
      ...values,
    });
    const goneInvitations = [
      invitation('replaced', { expiresAt: ago(48 * HOUR), createdAt: ago(72 * HOUR) }),
      invitation('accepted', {
        expiresAt: ahead(HOUR),
        acceptedAt: ago(48 * HOUR),
        createdAt: ago(72 * HOUR),
      }),
    ];
    const keptInvitations = [
      invitation('pending', { expiresAt: ahead(HOUR), createdAt: ago(HOUR) }),
      invitation('accepted-recently', {
        expiresAt: ahead(HOUR),
        acceptedAt: ago(HOUR),
        createdAt: ago(2 * HOUR),
      }),
      // The newest of its person and account: shown in the Users section, revived by a resend.
      invitation('expired-newest', { expiresAt: ago(48 * HOUR), createdAt: ago(72 * HOUR) }, other.user.id),
    ];
    await db.insert(invitations).values([...goneInvitations, ...keptInvitations]);
    const setup = (name: string, values: { expiresAt: Date; usedAt?: Date }) => ({
      tenantId,
      secretHash: `${name}-${randomUUID()}`,
      ...values,
    });
    const [usedSetup, openSetup] = [
      setup('used', { expiresAt: ahead(HOUR), usedAt: ago(48 * HOUR) }),
      setup('open', { expiresAt: ahead(HOUR) }),
    ];
    await db.insert(billingSetupIntents).values([usedSetup, openSetup]);

    await drain('housekeeping-invitations');
    await drain('housekeeping-card-setups');

    const left = await db
      .select({ tokenHash: invitations.tokenHash })
      .from(invitations)
      .where(
        inArray(
          invitations.tokenHash,
          [...goneInvitations, ...keptInvitations].map((row) => row.tokenHash),
        ),
      );
    expect(left.map((row) => row.tokenHash).sort()).toEqual(
      keptInvitations.map((row) => row.tokenHash).sort(),
    );
    const setups = await db
      .select({ secretHash: billingSetupIntents.secretHash })
      .from(billingSetupIntents)
      .where(inArray(billingSetupIntents.secretHash, [usedSetup.secretHash, openSetup.secretHash]));
    expect(setups).toEqual([{ secretHash: openSetup.secretHash }]);
    expect(await removedBy('housekeeping-invitations')).toBeGreaterThanOrEqual(2);
  });

  it('remove webhook logs and ended deliveries past their retention, and keep recent ones and pending deliveries', async () => {
    const { db } = server();
    const day = 24 * HOUR;
    const [webhook] = await db
      .insert(webhooks)
      .values({
        tenantId,
        displayName: 'Housekeeping',
        url: 'https://hooks.acme-foods.test/in',
        secretSealed: 'x',
      })
      .returning();
    if (!webhook) throw new Error('no webhook');
    const delivery = (status: 'pending' | 'succeeded' | 'failed', updatedAt: Date) => ({
      tenantId,
      webhookId: webhook.id,
      eventKey: 'frontegg.user.created',
      body: '{}',
      status,
      createdAt: updatedAt,
      updatedAt,
    });
    const deliveries = await db
      .insert(webhookDeliveries)
      .values([
        delivery('succeeded', ago(31 * day)),
        delivery('failed', ago(31 * day)),
        delivery('pending', ago(31 * day)),
        delivery('succeeded', ago(29 * day)),
      ])
      .returning({ id: webhookDeliveries.id });
    const log = (createdAt: Date, deliveryId?: string) => ({
      tenantId,
      webhookId: webhook.id,
      deliveryId,
      eventKey: 'frontegg.user.created',
      url: webhook.url,
      requestBody: '{}',
      createdAt,
    });
    const logs = await db
      .insert(webhookLogs)
      .values([log(ago(31 * day), deliveries[0]?.id), log(ago(29 * day), deliveries[3]?.id)])
      .returning({ id: webhookLogs.id });

    await drain('housekeeping-webhook-logs');
    await drain('housekeeping-webhook-deliveries');

    const leftDeliveries = await db
      .select({ id: webhookDeliveries.id })
      .from(webhookDeliveries)
      .where(
        inArray(
          webhookDeliveries.id,
          deliveries.map((row) => row.id),
        ),
      );
    expect(leftDeliveries.map((row) => row.id).sort()).toEqual([deliveries[2]?.id, deliveries[3]?.id].sort());
    const leftLogs = await db
      .select({ id: webhookLogs.id, deliveryId: webhookLogs.deliveryId })
      .from(webhookLogs)
      .where(
        inArray(
          webhookLogs.id,
          logs.map((row) => row.id),
        ),
      );
    expect(leftLogs).toEqual([{ id: logs[1]?.id, deliveryId: deliveries[3]?.id }]);
    expect(await removedBy('housekeeping-webhook-deliveries')).toBeGreaterThanOrEqual(2);
  });
});
