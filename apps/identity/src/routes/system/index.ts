import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { webPaths } from '@brizo/contract';
import { toSafeJson } from '../../lib/html.js';
import type { RouteOptions } from '../../services/index.js';
import { areaRoutes } from '../route.js';

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
    summary: 'Public keys that verify access tokens (ES256)',
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
