import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { findUserByEmail, updateUser } from '../../db/queries/users.js';
import { appError, errorCatalogue } from '../../errors.js';
import { isAdjustableClock } from '../../lib/time.js';
import type { RouteOptions } from '../../services/index.js';
import { effectiveFlags, flagsResponse } from '../flags/index.js';
import { responses } from '../schemas.js';

const clockResponse = z.object({ offsetSeconds: z.number(), now: z.string() });

/** Dev tools (DEV_TOOLS on) for browser tests: move the server's clock, turn feature flags on. */
export const lifecycleDevRoutes: FastifyPluginAsyncZod<RouteOptions> = async (app, { db, services }) => {
  const { clock, passwordLifecycle } = services.lifecycle;
  const adjustable = () => {
    if (!isAdjustableClock(clock)) throw appError(errorCatalogue.lifecycle.noDevClock);
    return clock;
  };
  const view = () => ({ offsetSeconds: adjustable().offsetSeconds(), now: clock.now().toISOString() });

  app.get(
    '/dev/api/clock',
    {
      schema: {
        tags: ['dev'],
        summary: "The server clock's offset",
        response: responses({ 200: clockResponse }),
      },
    },
    async () => view(),
  );
  app.post(
    '/dev/api/clock',
    {
      schema: {
        tags: ['dev'],
        summary: 'Move the server clock by offsetSeconds from real time (expiry, rotation, lockout)',
        body: z.object({ offsetSeconds: z.number().finite().min(-3_153_600_000).max(3_153_600_000) }),
        response: responses({ 200: clockResponse }),
      },
    },
    async (request) => {
      adjustable().setOffsetSeconds(request.body.offsetSeconds);
      return view();
    },
  );
  app.delete(
    '/dev/api/clock',
    { schema: { tags: ['dev'], summary: 'Back to real time', response: responses({ 200: clockResponse }) } },
    async () => {
      adjustable().setOffsetSeconds(0);
      return view();
    },
  );

  // Issue 10: new passwords on the common-password list are refused, so an account that still has
  // one (set before the list) can only be made here, for the breached-password sign-in journey.
  app.put(
    '/dev/api/users/legacy-password',
    {
      schema: {
        tags: ['dev'],
        summary: 'Set a password without the password rules, as an account from before them would have',
        body: z.object({ email: z.string().min(1).max(254), password: z.string().min(1).max(128) }),
        response: responses({ 200: z.object({}) }),
      },
    },
    async (request) => {
      const user = await findUserByEmail(db, request.body.email);
      if (!user) throw appError(errorCatalogue.users.notFound);
      await updateUser(db, user.id, { passwordHash: await services.passwords.hash(request.body.password) });
      return {};
    },
  );

  app.get(
    '/dev/api/flags',
    {
      schema: {
        tags: ['dev'],
        summary: 'The feature flags as GET /flags serves them, overrides included',
        response: responses({ 200: flagsResponse }),
      },
    },
    async () => effectiveFlags(services),
  );

  app.put(
    '/dev/api/flags/:name',
    {
      schema: {
        tags: ['dev'],
        summary: 'Override a feature flag (null removes the override)',
        params: z.object({ name: z.string().min(1).max(100) }),
        body: z.object({ value: z.enum(['on', 'off']).nullable() }),
        response: responses({ 200: z.record(z.string(), z.enum(['on', 'off'])) }),
      },
    },
    async (request) => {
      passwordLifecycle.flags.set(request.params.name, request.body.value ?? undefined);
      return passwordLifecycle.flags.overrides();
    },
  );
};
