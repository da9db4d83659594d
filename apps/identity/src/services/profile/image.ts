import { appError, errorCatalogue } from '../../errors.js';

/** The largest profile picture kept, in bytes. */
export const PROFILE_IMAGE_MAX_BYTES = 512 * 1024;

/**
 * Raster formats only, each recognised by its first bytes: SVG is refused because it can carry
 * script, and a declared type must match what the bytes are.
 */
const formats = [
  {
    contentType: 'image/png',
    matches: (b: Buffer) => b.subarray(0, 8).equals(Buffer.from('89504e470d0a1a0a', 'hex')),
  },
  {
    contentType: 'image/jpeg',
    matches: (b: Buffer) => b.subarray(0, 3).equals(Buffer.from('ffd8ff', 'hex')),
  },
  {
    contentType: 'image/gif',
    matches: (b: Buffer) => /^GIF8[79]a$/.test(b.subarray(0, 6).toString('latin1')),
  },
  {
    contentType: 'image/webp',
    matches: (b: Buffer) =>
      b.subarray(0, 4).toString('latin1') === 'RIFF' && b.subarray(8, 12).toString('latin1') === 'WEBP',
  },
] as const;

export interface ProfileImage {
  contentType: string;
  bytes: Buffer;
}

/** Checks an uploaded image's bytes against its declared type; 400 or 413 when it is not a small raster image. */
export function checkProfileImage(declaredType: string, bytes: Buffer): ProfileImage {
  const declared =
    declaredType.toLowerCase().trim() === 'image/jpg' ? 'image/jpeg' : declaredType.toLowerCase().trim();
  if (bytes.length > PROFILE_IMAGE_MAX_BYTES) throw appError(errorCatalogue.profile.imageTooLarge);
  const format = formats.find((candidate) => candidate.matches(bytes));
  if (!format || format.contentType !== declared) throw appError(errorCatalogue.profile.invalidImage);
  return { contentType: format.contentType, bytes };
}

/** SPEC section 5: image data URLs must match data:image/{type};base64. */
const DATA_URL = /^data:(image\/[A-Za-z-+/]+);base64,([A-Za-z0-9+/]+={0,2})$/;

export const isDataUrl = (value: string): boolean => value.slice(0, 5).toLowerCase() === 'data:';

/** Decodes an image data URL; 400 unless it is data:image/{type};base64 of a small raster image. */
export function parseImageDataUrl(value: string): ProfileImage {
  const match = DATA_URL.exec(value);
  if (!match?.[1] || !match[2]) throw appError(errorCatalogue.profile.invalidImage);
  // Base64 is 4 characters per 3 bytes: refuse an oversized picture before decoding it.
  if ((match[2].length * 3) / 4 > PROFILE_IMAGE_MAX_BYTES + 3)
    throw appError(errorCatalogue.profile.imageTooLarge);
  return checkProfileImage(match[1], Buffer.from(match[2], 'base64'));
}
