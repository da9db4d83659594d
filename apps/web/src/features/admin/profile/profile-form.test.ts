import { describe, expect, it } from 'vitest';
import {
  emailSchema,
  initialsOf,
  isImageDataUrl,
  phoneSchema,
  pictureProblem,
  profileSchema,
} from './profile-form';

describe('the Profile section’s rules', () => {
  it('accepts raster pictures up to 512 KB and refuses SVG and larger files', () => {
    expect(pictureProblem({ type: 'image/png', size: 1000 })).toBeNull();
    expect(pictureProblem({ type: 'image/webp', size: 512 * 1024 })).toBeNull();
    expect(pictureProblem({ type: 'image/svg+xml', size: 10 })).toBe('Choose a PNG, JPEG, GIF or WebP image');
    expect(pictureProblem({ type: 'image/png', size: 512 * 1024 + 1 })).toBe(
      'The picture must be at most 512 KB',
    );
  });

  it('recognises image data URLs as data:image/{type};base64 only (SPEC section 5)', () => {
    expect(isImageDataUrl('data:image/png;base64,iVBOR')).toBe(true);
    expect(isImageDataUrl('data:text/html;base64,PHNj')).toBe(false);
    expect(isImageDataUrl('https://example.test/a.png')).toBe(false);
  });

  it('uses the SPEC messages for the email and checks phone numbers with their country code', () => {
    expect(emailSchema.safeParse({ email: '' }).error?.issues[0]?.message).toBe('Email is required.');
    expect(emailSchema.safeParse({ email: 'nope' }).error?.issues[0]?.message).toBe('Must be a valid email.');
    expect(phoneSchema.safeParse({ phoneNumber: '+1 555-010 0199' }).success).toBe(true);
    expect(phoneSchema.safeParse({ phoneNumber: '5550100199' }).success).toBe(false);
  });

  it('allows clearing the username and refuses one with spaces', () => {
    const base = { name: 'A', jobTitle: '', address: '' };
    expect(profileSchema.safeParse({ ...base, username: '' }).success).toBe(true);
    expect(profileSchema.safeParse({ ...base, username: 'chef.ana' }).success).toBe(true);
    expect(profileSchema.safeParse({ ...base, username: 'two words' }).success).toBe(false);
  });

  it('makes initials from the name, else the email', () => {
    expect(initialsOf('Ana María López', 'a@b.test')).toBe('AM');
    expect(initialsOf('', 'zed@b.test')).toBe('Z');
  });
});
