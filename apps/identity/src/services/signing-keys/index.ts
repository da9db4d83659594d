// Issue 16: the access tokens' signing keys (docs/decisions/0020-signing-key-rotation.md). Keys rotate on
// a schedule and on demand; a new key is published in the JWKS before it signs, an old one stays
// published until the tokens it signed have expired; private keys are sealed at rest with SECRETS_KEY.
import { createPrivateKey, type JsonWebKeyInput, type KeyObject } from 'node:crypto';
import {
  calculateJwkThumbprint,
  exportJWK,
  generateKeyPair,
  importJWK,
  type CryptoKey,
  type JWK,
} from 'jose';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import {
  findSigningKeys,
  insertSigningKey,
  lockSigningKeys,
  retireSigningKeys,
  sealSigningKey,
  type SigningKeyRow,
} from '../../db/queries/signing-keys.js';
import { createSecretBox } from '../../lib/sealed-secrets.js';
import { addSeconds, type Clock } from '../../lib/time.js';
import { recordAudit, type RequestMeta } from '../audit.js';
import type { BackgroundLog } from '../background.js';
import { recordVendorChange, type VendorCaller } from '../entitlements/vendor-caller.js';
import type { Jobs } from '../jobs.js';
import { CLOCK_SKEW_SECONDS } from '../revocations.js';

export type SigningAlg = Config['accessTokenAlg'];
export const SIGNING_ALGS: readonly SigningAlg[] = ['ES256', 'RS256'];

/**
 * How long a new key is published before it signs: twice the JWKS's max-age (routes/system), so a
 * verifier that cached the JWKS just before the rotation has fetched it again, new key included.
 */
export const KEY_PUBLISH_AHEAD_SECONDS = 600;
/** Every server reads its keys again this often, so all of them switch to a new key within a minute of its activation. */
export const KEY_RELOAD_INTERVAL_MS = 60_000;
/** A token with an unknown kid reloads the keys (another server rotated), at most this often. */
export const UNKNOWN_KID_RELOAD_MS = 5_000;
/** The scheduled rotation checks the newest key's age this often. */
const ROTATION_CHECK_INTERVAL_MS = 60 * 60_000;
const DAY_SECONDS = 86_400;
/** The audit row of a rotation from the command line: no request behind it. */
const OPS_META: RequestMeta = { ip: null, userAgent: 'ops rotate-keys' };

export const signingKeyAuditEvents = {
  rotated: { action: 'Signing key rotated', severity: 'High' },
} as const;

/** A stored key, ready to sign and verify. */
export interface LoadedKey {
  kid: string;
  alg: SigningAlg;
  /** A node:crypto key: signing with it directly is about twice as fast as through WebCrypto, and synchronous. */
  privateKey: KeyObject;
  publicKey: CryptoKey;
  publicJwk: JWK;
  /** The JWS protected header, encoded: the same for every token this key signs. */
  jwsHeader: string;
  activatesAt: number;
  retiredAt: number | null;
  expiresAt: number | null;
  createdAt: Date;
}

/** What the superuser sees of a key: never its private part. */
export interface SigningKeyView {
  kid: string;
  alg: SigningAlg;
  createdAt: string;
  activatesAt: string;
  retiredAt: string | null;
  expiresAt: string | null;
  /** Whether the private key is sealed with SECRETS_KEY. */
  sealed: boolean;
}

type KeyLog = BackgroundLog & { warn?: BackgroundLog['error'] };

export interface SigningKeyStore {
  /**
   * At start: creates the first key (or one of a newly configured ACCESS_TOKEN_ALG), seals keys stored
   * in clear when SECRETS_KEY is set, and answers every stored key.
   */
  prepare(): Promise<LoadedKey[]>;
  /** Every stored key (published or not: see `isPublished`). */
  load(): Promise<LoadedKey[]>;
  /**
   * Adds a key that signs from KEY_PUBLISH_AHEAD_SECONDS on, and retires the others from then.
   * `inTransaction` runs in the rotation's transaction (its audit row).
   */
  rotate(inTransaction?: (key: SigningKeyView) => Promise<void>): Promise<SigningKeyView>;
  /** The scheduled rotation: rotates when the newest key is older than SIGNING_KEY_ROTATION_DAYS. */
  rotateIfDue(): Promise<boolean>;
  list(): Promise<SigningKeyView[]>;
}

const base64urlJson = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const iso = (date: Date | null) => (date ? date.toISOString() : null);
const asAlg = (alg: string): SigningAlg => {
  if (!(SIGNING_ALGS as readonly string[]).includes(alg))
    throw new Error(`unsupported signing key alg ${alg}`);
  return alg as SigningAlg;
};

export const viewOf = (row: SigningKeyRow): SigningKeyView => ({
  kid: row.kid,
  alg: asAlg(row.alg),
  createdAt: row.createdAt.toISOString(),
  activatesAt: row.activatesAt.toISOString(),
  retiredAt: iso(row.retiredAt),
  expiresAt: iso(row.expiresAt),
  sealed: row.sealedPrivateJwk !== null,
});

/** Whether the key is in the JWKS at `nowMs`: from its creation until its expiry. */
export const isPublished = (key: LoadedKey, nowMs: number) => key.expiresAt === null || key.expiresAt > nowMs;

/** The key that signs at `nowMs`: the latest activated one (the oldest if the clock is behind them all). */
export function signerAt(keys: readonly LoadedKey[], nowMs: number): LoadedKey | undefined {
  let signer: LoadedKey | undefined;
  for (const key of keys) {
    if (key.activatesAt <= nowMs && (!signer || key.activatesAt >= signer.activatesAt)) signer = key;
  }
  return signer ?? keys[0];
}

/** The JWKS at `nowMs`: the signing key first (the security settings show it), then the others published. */
export function publishedJwks(keys: readonly LoadedKey[], nowMs: number): { keys: JWK[] } {
  const signer = signerAt(keys, nowMs);
  const others = keys.filter((key) => key !== signer && isPublished(key, nowMs));
  return { keys: [...(signer ? [signer] : []), ...others].map((key) => key.publicJwk) };
}

async function generateKey(alg: SigningAlg) {
  // 2048-bit RSA: what hosted Frontegg signs with and every backend SDK verifies.
  const { privateKey, publicKey } = await generateKeyPair(alg, { extractable: true, modulusLength: 2048 });
  const publicJwk = await exportJWK(publicKey);
  return { kid: await calculateJwkThumbprint(publicJwk), privateJwk: await exportJWK(privateKey), publicJwk };
}

export function createSigningKeyStore(deps: {
  db: Db;
  config: Config;
  clock: Clock;
  log?: KeyLog;
}): SigningKeyStore {
  const { db, config, clock } = deps;
  const secrets = createSecretBox({ key: config.secretsKey, production: config.production });
  // Dev keeps working offline in clear; production without SECRETS_KEY is warned about at start.
  const sealing = config.secretsKey !== undefined;
  /** The longest a token signed by a key lives: access tokens, the hosted login's id tokens (the same token) and API tokens' exchanges. */
  const retentionSeconds = config.accessTokenTtlSeconds + CLOCK_SKEW_SECONDS;

  const decode = async (row: SigningKeyRow): Promise<LoadedKey> => {
    const alg = asAlg(row.alg);
    const privateJwk: unknown = row.privateJwk ?? JSON.parse(secrets.open(row.sealedPrivateJwk ?? ''));
    const publicJwk: JWK = { ...row.publicJwk, kid: row.kid, alg, use: 'sig' };
    const publicKey = await importJWK(row.publicJwk, alg);
    if (!('type' in publicKey)) throw new Error(`Expected a CryptoKey for ${alg}`);
    return {
      kid: row.kid,
      alg,
      privateKey: createPrivateKey({ key: privateJwk, format: 'jwk' } as JsonWebKeyInput),
      publicKey,
      publicJwk,
      jwsHeader: base64urlJson({ alg, kid: row.kid, typ: 'JWT' }),
      activatesAt: row.activatesAt.getTime(),
      retiredAt: row.retiredAt?.getTime() ?? null,
      expiresAt: row.expiresAt?.getTime() ?? null,
      createdAt: row.createdAt,
    };
  };

  const load = async () => Promise.all((await findSigningKeys(db)).map(decode));

  /** Under the lock: a new key, immediate when there is none yet (no verifier can hold an older JWKS). */
  const addKey = async (rows: SigningKeyRow[]): Promise<SigningKeyView> => {
    const now = clock.now();
    const activatesAt = rows.length === 0 ? now : addSeconds(now, KEY_PUBLISH_AHEAD_SECONDS);
    const key = await generateKey(config.accessTokenAlg);
    const stored = {
      kid: key.kid,
      alg: config.accessTokenAlg,
      privateJwk: sealing ? null : { ...key.privateJwk },
      sealedPrivateJwk: sealing ? secrets.seal(JSON.stringify(key.privateJwk)) : null,
      publicJwk: { ...key.publicJwk },
      createdAt: now,
      activatesAt,
      retiredAt: null,
      expiresAt: null,
    };
    await insertSigningKey(db, stored);
    await retireSigningKeys(db, key.kid, {
      retiredAt: activatesAt,
      expiresAt: addSeconds(activatesAt, retentionSeconds),
    });
    return viewOf(stored);
  };

  const locked = <T>(work: (rows: SigningKeyRow[]) => Promise<T>) =>
    db.transaction(async () => {
      await lockSigningKeys(db);
      return work(await findSigningKeys(db));
    });

  return {
    async prepare() {
      if (!sealing && config.production) {
        // Called on the logger: pino's methods read their logger from `this`.
        const details = { setting: 'SECRETS_KEY' };
        const message = 'SECRETS_KEY is not set: signing keys are stored in clear';
        if (deps.log?.warn) deps.log.warn(details, message);
        else deps.log?.error(details, message);
      }
      await locked(async (rows) => {
        const current = rows.filter((row) => row.retiredAt === null);
        if (!current.some((row) => row.alg === config.accessTokenAlg)) await addKey(rows);
        if (!sealing) return;
        for (const row of rows) {
          if (row.privateJwk && !row.sealedPrivateJwk) {
            await sealSigningKey(db, row.kid, secrets.seal(JSON.stringify(row.privateJwk)));
          }
        }
      });
      return load();
    },
    load,
    rotate: (inTransaction) =>
      locked(async (rows) => {
        const key = await addKey(rows);
        await inTransaction?.(key);
        return key;
      }),
    async rotateIfDue() {
      if (config.signingKeyRotationDays === 0) return false;
      const dueBefore = addSeconds(clock.now(), -config.signingKeyRotationDays * DAY_SECONDS).getTime();
      const isDue = (rows: SigningKeyRow[]) =>
        rows.every((row) => row.activatesAt.getTime() <= dueBefore) && rows.length > 0;
      // Read first without the lock: the hourly check rarely rotates.
      if (!isDue(await findSigningKeys(db))) return false;
      return locked(async (rows) => (isDue(rows) ? (await addKey(rows), true) : false));
    },
    list: async () => (await findSigningKeys(db)).map(viewOf),
  };
}

/** The keys a token service signs and verifies with; `reloadKeys` reads them again from the database. */
export interface SigningKeyHolder {
  readonly keyStore: SigningKeyStore;
  reloadKeys(): Promise<void>;
}

/**
 * On demand (the ops command, the superuser's API call), audited: a new key, published now and signing
 * after KEY_PUBLISH_AHEAD_SECONDS. `reload` reads the keys of this server at once; the others read them
 * within KEY_RELOAD_INTERVAL_MS, well before the key signs.
 */
export async function rotateSigningKeys(
  deps: { db: Db; clock: Clock; keyStore: SigningKeyStore; reload?: () => Promise<void> },
  by: VendorCaller | 'ops',
): Promise<SigningKeyView> {
  const key = await deps.keyStore.rotate(async (rotated) => {
    const json = { kid: rotated.kid, alg: rotated.alg, activatesAt: rotated.activatesAt };
    if (by !== 'ops') return recordVendorChange(deps, by, signingKeyAuditEvents.rotated, json);
    return recordAudit(deps.db, signingKeyAuditEvents.rotated, OPS_META, { json }, deps.clock.now());
  });
  await deps.reload?.();
  return key;
}

/** The scheduled rotation, and every server's periodic read of the keys (services/jobs.ts). */
export function registerSigningKeyJobs(jobs: Jobs, holder: SigningKeyHolder): void {
  jobs.register({
    name: 'signing-keys.rotate',
    intervalMs: ROTATION_CHECK_INTERVAL_MS,
    run: async () => {
      if (!(await holder.keyStore.rotateIfDue())) return 0;
      await holder.reloadKeys();
      return 0; // one rotation is the whole batch: no pass again at once
    },
  });
  jobs.register({
    name: 'signing-keys.reload',
    intervalMs: KEY_RELOAD_INTERVAL_MS,
    run: async () => {
      await holder.reloadKeys();
      return 0;
    },
  });
}
