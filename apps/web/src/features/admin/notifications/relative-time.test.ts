import { describe, expect, it } from 'vitest';
import { relativeTime } from './relative-time';

const now = new Date('2026-03-10T12:00:00Z');
const before = (seconds: number) => new Date(now.getTime() - seconds * 1000);

describe('relativeTime', () => {
  it('says "just now" under a minute, and for an instant slightly ahead of this clock', () => {
    expect(relativeTime(before(0), now)).toBe('just now');
    expect(relativeTime(before(59), now)).toBe('just now');
    expect(relativeTime(before(-5), now)).toBe('just now');
  });

  it('names the largest whole unit', () => {
    expect(relativeTime(before(60), now)).toBe('1 minute ago');
    expect(relativeTime(before(3 * 60 + 30), now)).toBe('3 minutes ago');
    expect(relativeTime(before(2 * 3600), now)).toBe('2 hours ago');
    expect(relativeTime(before(24 * 3600), now)).toBe('yesterday');
    expect(relativeTime(before(10 * 24 * 3600), now)).toBe('last week');
    expect(relativeTime(before(400 * 24 * 3600), now)).toBe('last year');
  });
});
