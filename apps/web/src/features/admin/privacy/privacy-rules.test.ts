import { describe, expect, it } from 'vitest';
import { changePasswordSchema, describeUserAgent, formatDateTime, sessionsPage } from './privacy-rules';

describe('the Privacy section’s rules', () => {
  it('names a session’s browser and system from its user agent', () => {
    expect(
      describeUserAgent(
        'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36',
      ),
    ).toBe('Chrome on Linux');
    expect(
      describeUserAgent(
        'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1',
      ),
    ).toBe('Safari on iOS');
    expect(
      describeUserAgent('Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:140.0) Gecko/20100101 Firefox/140.0'),
    ).toBe('Firefox on Windows');
    expect(describeUserAgent('')).toBe('Unknown device');
    expect(describeUserAgent('curl/8.0')).toBe('curl/8.0');
  });

  it('formats dates and leaves unknown ones empty', () => {
    expect(formatDateTime(null)).toBe('');
    expect(formatDateTime('not a date')).toBe('');
    expect(formatDateTime('2026-11-22T08:00:00.000Z', 'en-US')).toMatch(/2026/);
  });

  it('asks for the current password and the new one twice', () => {
    const result = changePasswordSchema.safeParse({ password: '', newPassword: 'a', confirmPassword: 'b' });
    const messages = result.error?.issues.map((issue) => issue.message);
    expect(messages).toEqual(expect.arrayContaining(['Password is required', 'Passwords do not match']));
    expect(
      changePasswordSchema
        .safeParse({ password: 'x', newPassword: '', confirmPassword: '' })
        .error?.issues.map((issue) => issue.message),
    ).toEqual(expect.arrayContaining(['Password is required', 'Confirm Password is required']));
  });
});

describe('sessionsPage (walk-through: the active sessions grew by a row per sign-in, unpaged)', () => {
  const sessions = Array.from({ length: 23 }, (_, index) => ({
    id: `s${index}`,
    current: index === 5,
    createdAt: `2026-11-${String(index + 1).padStart(2, '0')}T10:00:00.000Z`,
  }));

  it('pages by ten, this device first, then the newest', () => {
    const first = sessionsPage(sessions, 1);
    expect(first.pageCount).toBe(3);
    expect(first.rows.map((row) => row.id)).toEqual([
      's5',
      's22',
      's21',
      's20',
      's19',
      's18',
      's17',
      's16',
      's15',
      's14',
    ]);
    expect(sessionsPage(sessions, 3).rows.map((row) => row.id)).toEqual(['s2', 's1', 's0']);
  });

  it('falls back to the last page when sessions signed out empty the one shown', () => {
    expect(sessionsPage(sessions.slice(0, 12), 3)).toMatchObject({ page: 2, pageCount: 2 });
    expect(sessionsPage([], 1)).toEqual({ rows: [], page: 1, pageCount: 1 });
  });
});
