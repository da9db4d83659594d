// Issue 16: the superuser registers the OAuth clients of the hosted login, one per app. The authorize,
// token and logout endpoints then accept exactly the URIs registered for the client_id
// (authorization-server.ts, redirect-uri.ts), character for character.
import { randomUUID } from 'node:crypto';
import type { OAuthClient, OAuthClientFields } from '@brizo/contract/entities/oauth-clients';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import {
  deleteOAuthClient,
  findOAuthClient,
  insertOAuthClient,
  listOAuthClients,
  updateOAuthClient,
  type OAuthClientRow,
} from '../../db/queries/oauth.js';
import { appError, errorCatalogue } from '../../errors.js';
import type { Clock } from '../../lib/time.js';
import { ttlCached } from '../../lib/ttl-cache.js';
import { sharedTtlCache, type InvalidationBus } from '../cluster/index.js';
import { recordVendorChange, type VendorCaller } from '../entitlements/vendor-caller.js';
import { defaultClient } from './clients.js';

export const oauthClientAuditEvents = {
  created: { action: 'OAuth client created', severity: 'High' },
  updated: { action: 'OAuth client updated', severity: 'High' },
  deleted: { action: 'OAuth client deleted', severity: 'High' },
} as const;

export type OAuthClientRegistry = ReturnType<typeof createOAuthClientRegistry>;

/** How long the registered origins are kept between reads (each change drops them at once). */
const ORIGINS_TTL_MS = 5_000;

export function createOAuthClientRegistry(deps: {
  db: Db;
  config: Config;
  clock: Clock;
  bus: InvalidationBus;
}) {
  const { db, config, clock } = deps;
  const builtIn = defaultClient(config);
  // Read by the CORS hook on every cross-origin request: kept in memory, dropped on every instance
  // when a client changes.
  const origins = sharedTtlCache(
    deps.bus,
    'oauth-client-origins',
    ttlCached(
      async (): Promise<ReadonlySet<string>> =>
        new Set((await listOAuthClients(db)).flatMap((row) => row.allowedOrigins)),
      clock,
      ORIGINS_TTL_MS,
    ),
  );

  const viewOf = (row: OAuthClientRow): OAuthClient => {
    const isBuiltIn = row.clientId === config.clientId;
    // What the endpoints accept: the built-in client's own addresses are added to whatever is stored.
    const withBuiltIn = (stored: string[], own: string[]) =>
      isBuiltIn ? [...new Set([...stored, ...own])] : stored;
    return {
      clientId: row.clientId,
      name: row.name,
      redirectUris: withBuiltIn(row.redirectUris, builtIn.redirectUris),
      postLogoutRedirectUris: withBuiltIn(row.postLogoutRedirectUris, builtIn.postLogoutRedirectUris),
      allowedOrigins: row.allowedOrigins,
      builtIn: isBuiltIn,
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
    };
  };

  const existing = async (clientId: string) => {
    const row = await findOAuthClient(db, clientId);
    if (!row) throw appError(errorCatalogue.oauth.clientNotFound);
    return row;
  };

  return {
    list: async () => (await listOAuthClients(db)).map(viewOf),

    /** Every registered client's allowed origins: their pages may call the token and userinfo endpoints. */
    allowedOrigins: () => origins.get(),

    get: async (clientId: string) => viewOf(await existing(clientId)),

    create: (fields: OAuthClientFields, by: VendorCaller) =>
      db.transaction(async () => {
        const now = clock.now();
        const row = await insertOAuthClient(db, {
          ...fields,
          clientId: randomUUID(),
          createdAt: now,
          updatedAt: now,
        });
        await recordVendorChange(deps, by, oauthClientAuditEvents.created, {
          clientId: row.clientId,
          ...fields,
        });
        origins.invalidate();
        return viewOf(row);
      }),

    update: (clientId: string, changes: Partial<OAuthClientFields>, by: VendorCaller) =>
      db.transaction(async () => {
        const row = await updateOAuthClient(db, clientId, changes, clock.now());
        if (!row) throw appError(errorCatalogue.oauth.clientNotFound);
        await recordVendorChange(deps, by, oauthClientAuditEvents.updated, { clientId, ...changes });
        origins.invalidate();
        return viewOf(row);
      }),

    delete: (clientId: string, by: VendorCaller) =>
      db.transaction(async () => {
        if (clientId === config.clientId) throw appError(errorCatalogue.oauth.builtInClient);
        const row = await deleteOAuthClient(db, clientId);
        if (!row) throw appError(errorCatalogue.oauth.clientNotFound);
        await recordVendorChange(deps, by, oauthClientAuditEvents.deleted, { clientId, name: row.name });
        origins.invalidate();
      }),
  };
}
