import { describe, expect, it } from 'vitest';
import { clockOffset } from './server-time';

describe('clockOffset', () => {
  it('is the server time minus the middle of the round trip', () => {
    const sent = Date.parse('2026-11-20T12:00:00.000Z');
    expect(clockOffset(sent, sent + 200, '2026-11-21T12:00:00.100Z')).toBe(24 * 60 * 60 * 1000);
    expect(clockOffset(sent, sent, '2026-11-20T11:59:00.000Z')).toBe(-60_000);
  });

  it('gives nothing for an unreadable time or a clock that went backwards', () => {
    expect(clockOffset(1000, 2000, 'soon')).toBeNull();
    expect(clockOffset(2000, 1000, '2026-11-20T12:00:00Z')).toBeNull();
  });
});
