import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { appError, errorCatalogue } from '../errors.js';

// Issue 13: client secrets of SSO connections and social providers are kept sealed (AES-256-GCM) so a
// copy of the database alone does not hand them out. The key is SECRETS_KEY; without it, outside
// production, a fixed development key keeps `npm start` working (and says nothing secret is safe).

const VERSION = 'v1';
const developmentKey = createHash('sha256').update('brizo-access development secrets key').digest();

export interface SecretBox {
  seal(plain: string): string;
  open(sealed: string): string;
}

export function createSecretBox(options: { key: Buffer | undefined; production: boolean }): SecretBox {
  const keyOf = (): Buffer => {
    if (options.key) return options.key;
    // An answer in the error shape that names the setting, rather than a bare 500.
    if (options.production) throw appError(errorCatalogue.sso.secretsKeyMissing);
    return developmentKey;
  };
  return {
    seal(plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', keyOf(), iv);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return [VERSION, iv, cipher.getAuthTag(), body]
        .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
        .join('.');
    },
    open(sealed) {
      const [version, iv, tag, body] = sealed.split('.');
      if (version !== VERSION || !iv || !tag || body === undefined) throw new Error('not a sealed secret');
      const decipher = createDecipheriv('aes-256-gcm', keyOf(), Buffer.from(iv, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString(
        'utf8',
      );
    },
  };
}
