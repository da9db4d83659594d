import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { webPaths } from '@brizo/contract';
import { toSafeJson } from '../../lib/html.js';
import type { RouteOptions } from '../../services/index.js';
import { responses } from '../schemas.js';

/** Not under /frontegg: health, JWKS, the OpenAPI document and the web app's runtime configuration. */
export const systemRoutes: FastifyPluginAsyncZod<RouteOptions> = async (app, { config, db, services }) => {
  app.get(
    '/health',
    {
      schema: {
        tags: ['system'],
        summary: 'Liveness and database check',
        response: responses({ 200: z.object({ status: z.literal('ok'), database: z.literal('ok') }) }),
      },
    },
    async () => {
      await db.execute(sql`select 1`);
      return { status: 'ok' as const, database: 'ok' as const };
    },
  );

  // The trial screens count down and decide expiry by this clock, not the browser's (a visitor's machine
  // may be off by hours, and the dev clock moves the server's only): the web app learns the offset here.
  app.get(
    '/time',
    {
      schema: {
        tags: ['system'],
        summary: "The server's current time (the clock trial expiry is decided by)",
        response: responses({ 200: z.object({ now: z.string() }) }),
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return { now: services.lifecycle.clock.now().toISOString() };
    },
  );

  app.get(
    '/.well-known/jwks.json',
    {
      schema: {
        tags: ['system'],
        summary: 'Public keys that verify access tokens (ES256)',
        response: responses({ 200: z.object({ keys: z.array(z.record(z.string(), z.unknown())) }) }),
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=300');
      return services.tokens.jwks();
    },
  );

  app.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());

  // The hosted admin portal's address under the base URL (SPEC section 2): the portal is ours, in the web app.
  app.get('/oauth/portal', { schema: { hide: true } }, (_request, reply) =>
    reply.redirect(webPaths.adminPortal),
  );

  // docs/CONTRACTS.md "Web runtime configuration".
  app.get('/app-config.js', { schema: { hide: true } }, async (request, reply) => {
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
  });
};
