import { describe, expect, it } from 'vitest';
import { errorCodes } from './error-codes.js';

describe('errorCodes', () => {
  const all = Object.values(errorCodes).flatMap((area) => Object.values(area));

  it('gives every failure a code of its own, so a client can tell them apart', () => {
    expect(new Set(all).size).toBe(all.length);
  });

  it('spells every code as the wire does', () => {
    for (const code of all) expect(code).toMatch(/^ER-[A-Z0-9]+(-[A-Z0-9]+)*$/);
  });
});
