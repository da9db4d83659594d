import { QRCodeSVG } from 'qrcode.react';
import { Group } from './plain-ui';

/**
 * The otpauth:// address an authenticator app scans, as both places that set one up show it: the
 * login's MFA enrollment and the admin portal's Privacy section.
 */
export function AuthenticatorQrCode({ uri }: { uri: string }) {
  return (
    <Group justify="center" data-testid="mfa-qr-code">
      <QRCodeSVG value={uri} size={176} marginSize={2} title="QR code for your authenticator app" />
    </Group>
  );
}
