// Issue 14: kill -9 during delivery loses no event. The real server runs as its own process (PGlite in a
// temporary DATA_DIR, or a fresh PostgreSQL database when DATABASE_URL is set) with its jobs on their
// real timers; a receiver that stalls holds deliveries in flight while the server is SIGKILLed; the
// server restarts on the same data, and every event arrives, answered, at least once.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { packageRoot } from '../../src/config.js';
import { DEMO_PASSWORD } from '../../src/services/seed.js';
import { verifySignature } from '../../src/services/connectivity/signing.js';
import { databaseUrl, TEST_DB_PREFIX, urlForDatabase, withAdminClient } from '../test-database.js';

const EVENTS = 8;
const SECRET = 'kill-test-secret-0123456789abcdef';
const DEADLINE_MS = 180_000;

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

async function until<T>(what: string, check: () => Promise<T | undefined> | T | undefined): Promise<T> {
  const deadline = Date.now() + DEADLINE_MS;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** The receiver: stalls (holds every request unanswered) until told to answer, then answers 200. */
function stallingReceiver() {
  let answering = false;
  const stalled: ServerResponse[] = [];
  /** eventId → its group, the delivery ids (x-webhook-id) answered 200, and whether each was signed right. */
  const acknowledged = new Map<string, { groupId: string; deliveryIds: Set<string>; verified: boolean }>();
  let arrivals = 0;
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      arrivals += 1;
      if (!answering) {
        stalled.push(response);
        return;
      }
      const body = Buffer.concat(chunks).toString('utf8');
      const payload = JSON.parse(body) as { eventId: string; data: { groupId?: string } };
      const entry = acknowledged.get(payload.eventId) ?? {
        groupId: String(payload.data.groupId),
        deliveryIds: new Set<string>(),
        verified: true,
      };
      entry.deliveryIds.add(String(request.headers['x-webhook-id']));
      entry.verified &&= verifySignature({
        secret: SECRET,
        body,
        timestamp: request.headers['x-webhook-timestamp'] as string | undefined,
        signature: request.headers['x-webhook-signature'] as string | undefined,
        nowSeconds: Math.floor(Date.now() / 1000),
      });
      acknowledged.set(payload.eventId, entry);
      response.writeHead(200).end('ok');
    });
  });
  return {
    server,
    acknowledged,
    arrivals: () => arrivals,
    answer() {
      answering = true;
      // The requests held from the killed server: their connections are gone, nothing to answer.
      for (const response of stalled.splice(0)) response.destroy();
    },
  };
}

describe('webhook deliveries survive kill -9 (issue 14)', () => {
  const receiver = stallingReceiver();
  let receiverHost = '';
  let dataDir = '';
  let database: { url: string; name: string } | undefined;
  let child: ChildProcess | undefined;
  let port = 0;
  let output = '';

  beforeAll(async () => {
    await new Promise<void>((resolve) => receiver.server.listen(0, '127.0.0.1', resolve));
    receiverHost = `127.0.0.1:${(receiver.server.address() as AddressInfo).port}`;
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'webhook-kill-'));
    if (databaseUrl) {
      const name = `${TEST_DB_PREFIX}${randomUUID().replaceAll('-', '').slice(0, 12)}`;
      await withAdminClient(databaseUrl, (client) =>
        client.query(`CREATE DATABASE "${name}" TEMPLATE "${inject('pgTemplate')}"`),
      );
      database = { url: urlForDatabase(databaseUrl, name), name };
    }
    port = await freePort();
  });

  afterAll(async () => {
    child?.kill('SIGKILL');
    receiver.server.closeAllConnections();
    await new Promise<void>((resolve) => receiver.server.close(() => resolve()));
    fs.rmSync(dataDir, { recursive: true, force: true });
    if (databaseUrl && database) {
      const { name } = database;
      await withAdminClient(databaseUrl, (client) =>
        client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`),
      );
    }
  });

  const base = () => `http://127.0.0.1:${port}`;

  async function start(): Promise<ChildProcess> {
    const started = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
      cwd: packageRoot,
      env: {
        ...process.env,
        NODE_ENV: 'development',
        PORT: String(port),
        HOST: '127.0.0.1',
        PUBLIC_URL: `http://127.0.0.1:${port}`,
        DATA_DIR: dataDir,
        DATABASE_URL: database?.url ?? '',
        DEV_TOOLS: 'true',
        DEMO_ACCOUNTS: 'true',
        OUTBOUND_ALLOW_HOSTS: receiverHost,
        // Deliveries in flight hold their lease twice this long; a killed server's leases expire as fast.
        WEBHOOK_TIMEOUT_MS: '4000',
        LOG_LEVEL: 'warn',
        WEB_DIST: '/nonexistent-web-dist',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    started.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    started.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    await until(`the server on port ${port}\n${output}`, async () => {
      if (started.exitCode !== null) throw new Error(`the server exited: ${output}`);
      const health = await fetch(`${base()}/health`).catch(() => undefined);
      return health?.ok ? true : undefined;
    });
    return started;
  }

  const api = async (token: string, method: string, url: string, body?: unknown) => {
    const response = await fetch(`${base()}${url}`, {
      method,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      ...(body !== undefined && { body: JSON.stringify(body) }),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${text}`);
    return JSON.parse(text) as Record<string, unknown>;
  };

  it('delivers every event at least once after the server is killed mid-delivery and restarted', async () => {
    child = await start();
    const login = await fetch(`${base()}/frontegg/identity/resources/auth/v1/user`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'admin@brizo.test', password: DEMO_PASSWORD }),
    });
    const { accessToken } = (await login.json()) as { accessToken: string };
    expect(accessToken).toBeTruthy();

    await api(accessToken, 'POST', '/frontegg/webhook/custom', {
      displayName: 'Kill test',
      url: `http://${receiverHost}/hook`,
      secret: SECRET,
      eventKeys: ['groups.groupCreated'],
      isActive: true,
    });
    const groupIds: string[] = [];
    for (let index = 0; index < EVENTS; index += 1) {
      const group = await api(accessToken, 'POST', '/frontegg/identity/resources/groups/v1', {
        name: `Kill test ${index} ${randomUUID().slice(0, 6)}`,
      });
      groupIds.push(String(group.id));
    }

    // Deliveries are in flight, held by the receiver: kill the server there.
    await until('a delivery in flight', () => (receiver.arrivals() > 0 ? true : undefined));
    const killed = child;
    const exited = new Promise((resolve) => killed.once('exit', resolve));
    killed.kill('SIGKILL');
    await exited;

    receiver.answer();
    child = await start();

    // Every event arrives, answered 200, at least once (receivers deduplicate by eventId).
    await until('every event acknowledged', () => (receiver.acknowledged.size >= EVENTS ? true : undefined));
    const entries = [...receiver.acknowledged.values()];
    expect(entries.map((entry) => entry.groupId).sort()).toEqual([...groupIds].sort());
    for (const entry of entries) expect(entry.verified).toBe(true);

    const stopped = child;
    const exit = new Promise((resolve) => stopped.once('exit', resolve));
    stopped.kill('SIGTERM');
    await exit;
    child = undefined;
  }, 400_000);
});
