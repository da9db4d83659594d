import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { appError, errorCatalogue } from '../../errors.js';
import { isAdjustableClock } from '../../lib/time.js';
import type { RouteOptions } from '../../services/index.js';
import { effectiveFlags, flagsResponse } from '../flags/index.js';
import { areaRoutes } from '../route.js';

const clockResponse = z.object({ offsetSeconds: z.number(), now: z.string() });

/** Dev tools (DEV_TOOLS on) for browser tests: move the server's clock, turn feature flags on. */
export const lifecycleDevRoutes: FastifyPluginAsyncZod<RouteOptions> = async (app, { services }) => {
  const route = areaRoutes(app, services, 'dev');
  const { clock, passwordLifecycle } = services.lifecycle;
  const adjustable = () => {
    if (!isAdjustableClock(clock)) throw appError(errorCatalogue.lifecycle.noDevClock);
    return clock;
  };
  const view = () => ({ offsetSeconds: adjustable().offsetSeconds(), now: clock.now().toISOString() });

  route({
    name: 'getDevApiClock',
    method: 'GET',
    url: '/dev/api/clock',
    summary: "The server clock's offset",
    access: 'public',
    response: clockResponse,
    handler: async () => view(),
  });
  route({
    name: 'createDevApiClock',
    method: 'POST',
    url: '/dev/api/clock',
    summary: 'Move the server clock by offsetSeconds from real time (expiry, rotation, lockout)',
    access: 'public',
    body: z.object({ offsetSeconds: z.number().finite().min(-3_153_600_000).max(3_153_600_000) }),
    response: clockResponse,
    handler: async ({ request }) => {
      adjustable().setOffsetSeconds(request.body.offsetSeconds);
      return view();
    },
  });
  route({
    name: 'deleteDevApiClock',
    method: 'DELETE',
    url: '/dev/api/clock',
    summary: 'Back to real time',
    access: 'public',
    response: clockResponse,
    handler: async () => {
      adjustable().setOffsetSeconds(0);
      return view();
    },
  });

  // Issue 10: new passwords on the common-password list are refused, so an account that still has
  // one (set before the list) can only be made here, for the breached-password sign-in journey.
  route({
    name: 'replaceDevApiUsersLegacyPassword',
    method: 'PUT',
    url: '/dev/api/users/legacy-password',
    summary: 'Set a password without the password rules, as an account from before them would have',
    access: 'public',
    body: z.object({ email: z.string().min(1).max(254), password: z.string().min(1).max(128) }),
    response: z.object({}),
    handler: async ({ body }) => {
      await services.devTools.setLegacyPassword(body.email, body.password);
      return {};
    },
  });

  route({
    name: 'getDevApiFlags',
    method: 'GET',
    url: '/dev/api/flags',
    summary: 'The feature flags as GET /flags serves them, overrides included',
    access: 'public',
    response: flagsResponse,
    handler: async () => effectiveFlags(services),
  });

  route({
    name: 'replaceDevApiFlagsByName',
    method: 'PUT',
    url: '/dev/api/flags/:name',
    summary: 'Override a feature flag (null removes the override)',
    access: 'public',
    params: z.object({ name: z.string().min(1).max(100) }),
    body: z.object({ value: z.enum(['on', 'off']).nullable() }),
    response: z.record(z.string(), z.enum(['on', 'off'])),
    handler: async ({ request }) => {
      passwordLifecycle.flags.set(request.params.name, request.body.value ?? undefined);
      return passwordLifecycle.flags.overrides();
    },
  });
};
