// Our SAML service provider's own key pair and certificate (schema/sso.ts samlSpKeys): made on first
// use, kept in the database so that every instance signs with, and publishes, the same certificate.
import { webcrypto } from 'node:crypto';
import type * as X509 from '@peculiar/x509';
import { eq } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { samlSpKeys } from '../../../db/schema/index.js';
import { lazyModule } from '../../../lib/lazy-module.js';
import type { SecretBox } from '../../../lib/sealed-secrets.js';
import type { Clock } from '../../../lib/time.js';

// @peculiar/x509's dependency injection needs the Reflect metadata API loaded first. Both are loaded
// when the first SP key is made.
const reflectMetadata = lazyModule<unknown>('reflect-metadata');
const x509Module = lazyModule<typeof X509>('@peculiar/x509');

export interface SpKey {
  /** PEM (-----BEGIN CERTIFICATE-----). */
  certificate: string;
  /** PKCS#8 PEM. */
  privateKey: string;
}

const KEY_ID = 'default';
const VALIDITY_YEARS = 10;

const algorithm = {
  name: 'RSASSA-PKCS1-v1_5',
  hash: 'SHA-256',
  publicExponent: new Uint8Array([1, 0, 1]),
  modulusLength: 2048,
} as const;

function pem(label: string, der: ArrayBuffer): string {
  const body = Buffer.from(der)
    .toString('base64')
    .replace(/.{1,64}/g, '$&\n');
  return `-----BEGIN ${label}-----\n${body}-----END ${label}-----\n`;
}

/**
 * A self-signed RSA-2048 certificate for the SP: IdPs take it from our metadata to check signed
 * AuthnRequests, so a long validity spares administrators a re-upload.
 */
export async function generateSpKey(commonName: string, now: Date): Promise<SpKey> {
  reflectMetadata();
  const x509 = x509Module();
  // @peculiar/x509 reads crypto from its provider; Node's webcrypto is the standard implementation.
  x509.cryptoProvider.set(webcrypto as unknown as Crypto);
  const keys = await webcrypto.subtle.generateKey(algorithm, true, ['sign', 'verify']);
  const notAfter = new Date(now);
  notAfter.setUTCFullYear(notAfter.getUTCFullYear() + VALIDITY_YEARS);
  const certificate = await x509.X509CertificateGenerator.createSelfSigned({
    serialNumber: Buffer.from(webcrypto.getRandomValues(new Uint8Array(16)))
      .toString('hex')
      .replace(/^[89a-f]/, '1'),
    name: `CN=${commonName.replace(/[,+="<>#;\\]/g, ' ')}`,
    notBefore: now,
    notAfter,
    signingAlgorithm: algorithm,
    keys: keys as unknown as CryptoKeyPair,
    extensions: [new x509.KeyUsagesExtension(x509.KeyUsageFlags.digitalSignature, true)],
  });
  const pkcs8 = await webcrypto.subtle.exportKey('pkcs8', keys.privateKey);
  return { certificate: certificate.toString('pem') + '\n', privateKey: pem('PRIVATE KEY', pkcs8) };
}

/** The PEM body alone (base64 on one line), as metadata and the SSO section show a certificate. */
export const certificateBody = (certificatePem: string): string =>
  certificatePem.replace(/-----(BEGIN|END) CERTIFICATE-----/g, '').replace(/\s+/g, '');

/** Reads the SP key, making it the first time; two instances racing keep the first one stored. */
export function createSpKeyStore(deps: { db: Db; clock: Clock; secrets: SecretBox; commonName: string }) {
  let cached: Promise<SpKey> | undefined;
  const load = async (): Promise<SpKey> => {
    const read = async () => {
      const [row] = await deps.db.select().from(samlSpKeys).where(eq(samlSpKeys.id, KEY_ID)).limit(1);
      return row && { certificate: row.certificate, privateKey: deps.secrets.open(row.privateKeySealed) };
    };
    const stored = await read();
    if (stored) return stored;
    const made = await generateSpKey(deps.commonName, deps.clock.now());
    await deps.db
      .insert(samlSpKeys)
      .values({
        id: KEY_ID,
        certificate: made.certificate,
        privateKeySealed: deps.secrets.seal(made.privateKey),
        createdAt: deps.clock.now(),
      })
      .onConflictDoNothing();
    const kept = await read();
    if (!kept) throw new Error('the SAML SP key could not be stored');
    return kept;
  };
  return {
    get(): Promise<SpKey> {
      cached ??= load().catch((error: unknown) => {
        cached = undefined;
        throw error;
      });
      return cached;
    },
  };
}

export type SpKeyStore = ReturnType<typeof createSpKeyStore>;
