import { lazy, Suspense } from 'react';
import { Group, Stack, Text } from '../../components/plain-ui';
import { Code, CompactSubtleButton, CopyButton } from '../../components/plain-ui-copy';
import type { MfaFlow } from '../../sdk/hooks/mfa';
import { CodeForm } from './code-form';

/** The manual key of an otpauth:// URI, in groups of four for reading aloud or typing. */
export function manualKeyOf(otpauthUri: string | null): string | null {
  if (!otpauthUri) return null;
  try {
    return new URL(otpauthUri).searchParams.get('secret');
  } catch {
    return null;
  }
}

const grouped = (key: string) => key.replace(/(.{4})(?=.)/g, '$1 ');

// The QR code and its library (6 kB of gzip) load when an enrollment shows them: the step-up page, which
// only verifies, does without them (issue 17). Meanwhile an empty space of the code's size holds its place.
const AuthenticatorQrCode = lazy(() =>
  import('../../components/authenticator-qr-code').then((m) => ({ default: m.AuthenticatorQrCode })),
);
const QR_CODE_SIZE = 176;

/** Step authenticatorApp while enrolling (forceTwoFactor): scan or type the key, prove it with a code. */
export function AuthenticatorEnrollStep({ flow }: { flow: MfaFlow }) {
  const key = manualKeyOf(flow.qrCode);
  return (
    <Stack gap="md">
      <Text size="sm">
        Scan this QR code with an authenticator app (Google Authenticator, Microsoft Authenticator,
        1Password...), then enter the 6-digit code it shows.
      </Text>
      {flow.qrCode && (
        <Suspense fallback={<div style={{ height: QR_CODE_SIZE }} />}>
          <AuthenticatorQrCode uri={flow.qrCode} />
        </Suspense>
      )}
      {key && (
        <Stack gap={4} align="center">
          <Text size="sm" dimmed>
            Can&apos;t scan it? Enter this key instead:
          </Text>
          <Group gap="xs">
            <Code data-testid="mfa-manual-key" style={{ fontSize: 'var(--mantine-font-size-sm)' }}>
              {grouped(key)}
            </Code>
            <CopyButton value={key}>
              {({ copied, copy }) => (
                <CompactSubtleButton onClick={copy}>{copied ? 'Copied' : 'Copy key'}</CompactSubtleButton>
              )}
            </CopyButton>
          </Group>
        </Stack>
      )}
      <CodeForm
        label="Code from your authenticator app"
        loading={flow.loading}
        error={flow.error}
        rememberDays={flow.rememberDays}
        submitLabel="Verify and continue"
        onSubmit={flow.enrollAuthenticator}
      />
    </Stack>
  );
}
