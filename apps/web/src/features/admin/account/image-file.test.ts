import { describe, expect, it } from 'vitest';
import { checkLogo, MAX_LOGO_CHARS } from './image-file';

describe('checkLogo (SPEC section 5: data:image/{type};base64)', () => {
  it('accepts an image data URL', () => {
    expect(checkLogo('data:image/png;base64,iVBORw0KGgo=')).toEqual({
      ok: true,
      dataUrl: 'data:image/png;base64,iVBORw0KGgo=',
    });
    expect(checkLogo('data:image/svg+xml;base64,PHN2Zz4=').ok).toBe(true);
  });

  it.each(['https://cdn.test/logo.png', 'data:text/html;base64,PHNjcmlwdD4=', 'data:image/png,raw', ''])(
    'refuses %j',
    (value) => {
      expect(checkLogo(value)).toEqual({
        ok: false,
        message: 'The logo must be an image data URL (data:image/{type};base64)',
      });
    },
  );

  it('refuses a logo over the size limit', () => {
    const huge = `data:image/png;base64,${'A'.repeat(MAX_LOGO_CHARS)}`;
    expect(checkLogo(huge)).toEqual({ ok: false, message: 'The logo must be at most 256 KB' });
  });
});
