import { describe, expect, it } from 'vitest';
import { changePasswordSchema, describeUserAgent, formatDateTime } from './privacy-rules';

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
