import { describe, expect, it } from 'vitest';
import { parseCaptchaDraft, type CaptchaDraft } from './captcha-form';

const off: CaptchaDraft = { enabled: false, siteKey: '', secretKey: '', minScore: 0.5, ignoredEmails: '' };

describe('captcha form', () => {
  it('turned off, needs no keys', () => {
    expect(parseCaptchaDraft(off)).toEqual({
      ok: true,
      policy: { enabled: false, siteKey: '', secretKey: '', minScore: 0.5, ignoredEmails: [] },
    });
  });

  it('turned on, needs both keys', () => {
    expect(parseCaptchaDraft({ ...off, enabled: true })).toEqual({
      ok: false,
      errors: { siteKey: 'Site key is required', secretKey: 'Secret key is required' },
    });
  });

  it('reads the score as a number from 0 to 1 and one email per line', () => {
    expect(
      parseCaptchaDraft({
        enabled: true,
        siteKey: ' site ',
        secretKey: 'secret',
        minScore: '0.7',
        ignoredEmails: 'qa@brizo.test\n\nops@brizo.test',
      }),
    ).toEqual({
      ok: true,
      policy: {
        enabled: true,
        siteKey: 'site',
        secretKey: 'secret',
        minScore: 0.7,
        ignoredEmails: ['qa@brizo.test', 'ops@brizo.test'],
      },
    });
    const wrong = parseCaptchaDraft({ ...off, minScore: 1.5, ignoredEmails: 'not-an-email' });
    expect(wrong).toEqual({
      ok: false,
      errors: {
        minScore: 'Minimum score must be a number from 0 to 1',
        ignoredEmails: 'not-an-email is not a valid email',
      },
    });
  });
});
