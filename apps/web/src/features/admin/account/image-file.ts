// Logos travel as data URLs (SPEC section 5: data:image/{type};base64) and the server keeps them
// small; checking here gives the message before any upload.

/** The server's limit on a logo's data URL (apps/identity services/account-settings.ts). */
export const MAX_LOGO_CHARS = 256 * 1024;

export const IMAGE_DATA_URL = /^data:image\/[a-z0-9.+-]+;base64,[A-Za-z0-9+/]+={0,2}$/i;

export type LogoCheck = { ok: true; dataUrl: string } | { ok: false; message: string };

export function checkLogo(dataUrl: string): LogoCheck {
  if (!IMAGE_DATA_URL.test(dataUrl)) {
    return { ok: false, message: 'The logo must be an image data URL (data:image/{type};base64)' };
  }
  if (dataUrl.length > MAX_LOGO_CHARS) return { ok: false, message: 'The logo must be at most 256 KB' };
  return { ok: true, dataUrl };
}

export function readImageFile(file: File): Promise<LogoCheck> {
  return new Promise((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(checkLogo(typeof reader.result === 'string' ? reader.result : ''));
    reader.onerror = () => resolve({ ok: false, message: 'The file could not be read' });
    reader.readAsDataURL(file);
  });
}
