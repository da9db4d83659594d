import { timingSafeEqual } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Redis } from 'ioredis';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { webPaths } from '@brizo/contract';
import { toSafeJson } from '../../lib/html.js';
import { appError, errorCatalogue } from '../../errors.js';
import type { RouteOptions } from '../../services/index.js';
import { areaRoutes } from '../route.js';

const readinessSchema = z.object({ status: z.literal('ok'), checks: z.record(z.string(), z.literal('ok')) });

/** How long readiness waits for a dependency before calling it failed. */
const READINESS_TIMEOUT_MS = 2_000;

async function check(probe: () => Promise<unknown>): Promise<'ok' | 'failed'> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error('timed out')), READINESS_TIMEOUT_MS);
  });
  try {
    await Promise.race([probe(), timeout]);
    return 'ok';
  } catch {
    return 'failed';
  } finally {
    clearTimeout(timer);
  }
}

async function readinessChecks(
  db: RouteOptions['db'],
  redis: Redis | undefined,
): Promise<Record<string, 'ok' | 'failed'>> {
  const [database, shared] = await Promise.all([
    check(() => db.execute(sql`select 1`)),
    redis ? check(() => redis.ping()) : undefined,
  ]);
  return shared ? { database, redis: shared } : { database };
}

const isAllOk = (checks: Record<string, 'ok' | 'failed'>): checks is Record<string, 'ok'> =>
  Object.values(checks).every((state) => state === 'ok');

/** The Authorization header carries exactly this bearer token (compared in constant time). */
function isBearer(header: string | undefined, token: string): boolean {
  const given = Buffer.from(/^Bearer\s+(\S+)$/i.exec(header ?? '')?.[1] ?? '');
  const expected = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** Not under /frontegg: health, JWKS, the OpenAPI document and the web app's runtime configuration. */
export const systemRoutes: FastifyPluginAsyncZod<RouteOptions> = async (app, { config, db, services }) => {
  const route = areaRoutes(app, services, 'system');

  route({
    name: 'health',
    method: 'GET',
    url: '/health',
    summary: 'Liveness and database check',
    access: 'public',
    response: z.object({ status: z.literal('ok'), database: z.literal('ok') }),
    handler: async () => {
      await db.execute(sql`select 1`);
      return { status: 'ok' as const, database: 'ok' as const };
    },
  });

  // Issue 16: liveness (the process answers) apart from readiness (it can serve: the database answers),
  // so an orchestrator restarts a stuck process but only routes traffic to a ready one. While the server
  // shuts down, fastify answers 503 to both (its return503OnClosing).
  route({
    name: 'live',
    method: 'GET',
    url: '/health/live',
    summary: 'Liveness: the process answers (no dependency is asked)',
    access: 'public',
    response: z.object({ status: z.literal('ok') }),
    handler: ({ reply }) => {
      reply.header('cache-control', 'no-store');
      return { status: 'ok' as const };
    },
  });

  route({
    name: 'ready',
    method: 'GET',
    url: '/health/ready',
    summary: 'Readiness: the database (and Redis, when configured) answer',
    description: 'Answers 503 in the error shape, naming the dependencies that failed, while any does.',
    access: 'public',
    response: readinessSchema,
    handler: async ({ reply }) => {
      reply.header('cache-control', 'no-store');
      const checks = await readinessChecks(db, services.cluster.redis);
      if (!isAllOk(checks)) {
        const names = Object.keys(checks)
          .filter((name) => checks[name] === 'failed')
          .join(', ');
        throw appError(errorCatalogue.request.notReady, `Not ready: ${names} did not answer`);
      }
      return { status: 'ok' as const, checks };
    },
  });

  // Issue 16: the Prometheus figures (services/observability/metrics.ts); behind METRICS_TOKEN when set.
  route({
    name: 'metrics',
    method: 'GET',
    url: '/metrics',
    summary:
      'Prometheus metrics: requests by route, logins, refreshes, housekeeping, database pool, event loop',
    access: 'public',
    hidden: true,
    produces: 'other',
    handler: async ({ request, reply }) => {
      if (config.metricsToken && !isBearer(request.headers.authorization, config.metricsToken)) {
        throw appError(errorCatalogue.request.unauthorized);
      }
      const { registry } = services.metrics;
      reply.type(registry.contentType).header('cache-control', 'no-store');
      return registry.metrics();
    },
  });

  // The trial screens count down and decide expiry by this clock, not the browser's (a visitor's machine
  // may be off by hours, and the dev clock moves the server's only): the web app learns the offset here.
  route({
    name: 'time',
    method: 'GET',
    url: '/time',
    summary: "The server's current time (the clock trial expiry is decided by)",
    access: 'public',
    response: z.object({ now: z.string() }),
    handler: ({ reply }) => {
      reply.header('cache-control', 'no-store');
      return { now: services.lifecycle.clock.now().toISOString() };
    },
  });

  route({
    name: 'jwks',
    method: 'GET',
    url: '/.well-known/jwks.json',
    summary: 'Public keys that verify access tokens (ES256 or RS256, each with its alg)',
    access: 'public',
    response: z.object({ keys: z.array(z.record(z.string(), z.unknown())) }),
    handler: ({ reply }) => {
      reply.header('cache-control', 'public, max-age=300');
      return services.tokens.jwks();
    },
  });

  route({
    name: 'openapi',
    method: 'GET',
    url: '/openapi.json',
    summary: 'This document',
    access: 'public',
    hidden: true,
    produces: 'other',
    handler: () => app.swagger(),
  });

  // The hosted admin portal's address under the base URL (SPEC section 2): the portal is ours, in the web app.
  route({
    name: 'portal',
    method: 'GET',
    url: '/oauth/portal',
    summary: "The hosted admin portal: the web app's",
    access: 'public',
    hidden: true,
    produces: 'other',
    handler: ({ reply }) => reply.redirect(webPaths.adminPortal),
  });

  // docs/CONTRACTS.md "Web runtime configuration".
  route({
    name: 'appConfig',
    method: 'GET',
    url: '/app-config.js',
    summary: "The web app's runtime configuration, as a script",
    access: 'public',
    hidden: true,
    produces: 'other',
    handler: ({ request, reply }) => {
      const origin = config.publicUrlConfigured ? config.publicUrl : `${request.protocol}://${request.host}`;
      const browserConfig = {
        baseUrl: origin,
        clientId: config.clientId,
        mainAppUrl: config.mainAppUrl ?? `${origin}/app`,
        salesEmail: config.salesEmail,
        supportEmail: config.supportEmail,
        ...(config.gtmContainerId ? { gtmContainerId: config.gtmContainerId } : {}),
        trialDays: config.trialDays,
        ...(config.hostedLogin ? { hostedLogin: true } : {}),
        ...(config.previewMode ? { previewMode: true } : {}),
        adminPortalTarget: config.adminPortalTarget,
      };
      // Like the page shell it belongs to: a browser may keep it but asks again on every visit, so a changed
      // setting is seen at once (no-store would also keep the page out of the back/forward cache).
      reply.type('application/javascript; charset=utf-8').header('cache-control', 'no-cache');
      return `window.__BRIZO_CONFIG__ = ${toSafeJson(browserConfig)};\n`;
    },
  });
};
