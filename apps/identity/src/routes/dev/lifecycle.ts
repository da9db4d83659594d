import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { appError, errorCatalogue } from '../../errors.js';
import { isAdjustableClock } from '../../lib/time.js';
import type { RouteOptions } from '../../services/index.js';
import { responses } from '../schemas.js';

const clockResponse = z.object({ offsetSeconds: z.number(), now: z.string() });

/** Dev tools (DEV_TOOLS on) for browser tests: move the server's clock, turn feature flags on. */
export const lifecycleDevRoutes: FastifyPluginAsyncZod<RouteOptions> = async (app, { services }) => {
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
