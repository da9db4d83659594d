import { describe, expect, it } from 'vitest';
import { createAdjustableClock } from '../../../src/lib/time.js';
import { createUser, TEST_PASSWORD } from '../../factories.js';
import { expectErrorShape, openTestDatabase, startTestServer, TestClock } from '../../harness.js';
import { passwordLogin } from '../../lifecycle-helpers.js';

describe('dev clock (POST/DELETE /dev/api/clock)', () => {
  it('moves the server clock for everything the server decides, and back', async () => {
    const database = await openTestDatabase();
    const base = new TestClock(new Date('2026-01-01T00:00:00Z'));
    const clock = createAdjustableClock(base);
    // startTestServer takes a TestClock; the adjustable clock wraps one.
    const server = await startTestServer(database.db, { clock: clock as unknown as TestClock });
    try {
      const moved = await server.app.inject({
        method: 'POST',
        url: '/dev/api/clock',
        payload: { offsetSeconds: 3600 },
      });
      expect(moved.json()).toEqual({ offsetSeconds: 3600, now: '2026-01-01T01:00:00.000Z' });
      expect((await server.app.inject({ method: 'GET', url: '/dev/api/clock' })).json()).toMatchObject({
        offsetSeconds: 3600,
      });
      for (const bad of [{}, { offsetSeconds: 'soon' }, { offsetSeconds: 1e12 }]) {
        expectErrorShape(
          await server.app.inject({ method: 'POST', url: '/dev/api/clock', payload: bad }),
          400,
        );
      }
      const { user } = await createUser(server.db, server.passwords);
      expect((await passwordLogin(server, user.email, TEST_PASSWORD)).statusCode).toBe(200);
      const back = await server.app.inject({ method: 'DELETE', url: '/dev/api/clock' });
      expect(back.json()).toEqual({ offsetSeconds: 0, now: '2026-01-01T00:00:00.000Z' });
    } finally {
      await server.app.close();
      await database.close();
    }
  });

  it('GET /time answers the server clock, moved clock included (the trial screens count by it)', async () => {
    const database = await openTestDatabase();
    const clock = createAdjustableClock(new TestClock(new Date('2026-03-01T12:00:00Z')));
    const server = await startTestServer(database.db, { clock: clock as unknown as TestClock });
    try {
      const before = await server.app.inject({ method: 'GET', url: '/time' });
      expect(before.statusCode).toBe(200);
      expect(before.headers['cache-control']).toBe('no-store');
      expect(before.json()).toEqual({ now: '2026-03-01T12:00:00.000Z' });
      await server.app.inject({ method: 'POST', url: '/dev/api/clock', payload: { offsetSeconds: 86_400 } });
      expect((await server.app.inject({ method: 'GET', url: '/time' })).json()).toEqual({
        now: '2026-03-02T12:00:00.000Z',
      });
    } finally {
      await server.app.close();
      await database.close();
    }
  });

  it('a clock that cannot move answers 409; without DEV_TOOLS the route does not exist', async () => {
    const database = await openTestDatabase();
    const server = await startTestServer(database.db);
    const production = await startTestServer(database.db, { env: { DEV_TOOLS: 'off' } });
    try {
      expectErrorShape(
        await server.app.inject({ method: 'POST', url: '/dev/api/clock', payload: { offsetSeconds: 1 } }),
        409,
      );
      const hidden = await production.app.inject({
        method: 'POST',
        url: '/dev/api/clock',
        payload: { offsetSeconds: 1 },
      });
      expect(hidden.statusCode).toBe(404);
      const flags = await production.app.inject({
        method: 'PUT',
        url: '/dev/api/flags/x',
        payload: { value: 'on' },
      });
      expect(flags.statusCode).toBe(404);
    } finally {
      await server.app.close();
      await production.app.close();
      await database.close();
    }
  });
});

describe('dev flags (GET /dev/api/flags, PUT /dev/api/flags/:name)', () => {
  it('GET answers the flags as GET /flags serves them, overrides included (it answered 404)', async () => {
    const database = await openTestDatabase();
    const server = await startTestServer(database.db);
    const production = await startTestServer(database.db, { env: { DEV_TOOLS: 'off' } });
    const flagsOf = async (url: string) => {
      const response = await server.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(200);
      return response.json<Record<string, string>>();
    };
    try {
      const initial = await flagsOf('/dev/api/flags');
      expect(initial).toEqual(await flagsOf('/frontegg/flags'));
      expect(initial).toMatchObject({ 'security-center-show-login-flows': 'off', 'temporary-users': 'on' });

      await server.app.inject({
        method: 'PUT',
        url: '/dev/api/flags/security-center-show-login-flows',
        payload: { value: 'on' },
      });
      expect(await flagsOf('/dev/api/flags')).toMatchObject({ 'security-center-show-login-flows': 'on' });
      expect(await flagsOf('/dev/api/flags')).toEqual(await flagsOf('/frontegg/flags'));

      await server.app.inject({
        method: 'PUT',
        url: '/dev/api/flags/security-center-show-login-flows',
        payload: { value: null },
      });
      expect(await flagsOf('/dev/api/flags')).toEqual(initial);

      const hidden = await production.app.inject({ method: 'GET', url: '/dev/api/flags' });
      expect(hidden.statusCode).toBe(404);
    } finally {
      await server.app.close();
      await production.app.close();
      await database.close();
    }
  });
});
