import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { AppError } from '../errors.js';
import { createSecretBox } from './sealed-secrets.js';

describe('sealed secrets (issue 13)', () => {
  it('opens what it sealed, and the sealed text does not hold the secret', () => {
    const box = createSecretBox({ key: randomBytes(32), production: true });
    const sealed = box.seal('client-secret-123');
    expect(sealed).not.toContain('client-secret-123');
    expect(box.open(sealed)).toBe('client-secret-123');
    // Each seal uses a fresh IV.
    expect(box.seal('client-secret-123')).not.toBe(sealed);
  });

  it('refuses a sealed text changed by one character, or sealed under another key', () => {
    const box = createSecretBox({ key: randomBytes(32), production: true });
    const sealed = box.seal('secret');
    const tampered = sealed.slice(0, -2) + (sealed.endsWith('A') ? 'BB' : 'AA');
    expect(() => box.open(tampered)).toThrow();
    expect(() => createSecretBox({ key: randomBytes(32), production: true }).open(sealed)).toThrow();
  });

  it('needs SECRETS_KEY in production, and has a development key otherwise', () => {
    expect(() => createSecretBox({ key: undefined, production: true }).seal('x')).toThrow(AppError);
    const dev = createSecretBox({ key: undefined, production: false });
    expect(dev.open(dev.seal('x'))).toBe('x');
  });
});
