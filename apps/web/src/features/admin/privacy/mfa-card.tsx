import { Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import {
  ConfirmDialog,
  EmptyState,
  ErrorState,
  LoadingState,
  useConfirmation,
  useSubmit,
} from '../../../components/admin';
import { countMfaDevices, useMfaDevicesApi, type MfaDeviceList } from '../../../sdk/hooks/mfa-devices';
import { MfaCodeDialog, type CodeFlow } from './mfa-dialog';

const messageOf = (failure: unknown) =>
  failure instanceof Error ? failure.message : 'Unknown error occurred';

/** One way of proving it is you: its name, whether it is set up, and its buttons. */
function MethodRow({
  name,
  detail,
  enrolled,
  actions,
}: {
  name: string;
  detail?: string;
  enrolled: boolean;
  actions: ReactNode;
}) {
  return (
    <Group justify="space-between" wrap="wrap" py={4}>
      <Stack gap={0}>
        <Group gap="xs">
          <Text fw={500}>{name}</Text>
          <Badge variant="light" color={enrolled ? 'green' : 'gray'}>
            {enrolled ? 'On' : 'Off'}
          </Badge>
        </Group>
        {detail ? (
          <Text size="sm" c="dimmed">
            {detail}
          </Text>
        ) : null}
      </Stack>
      <Group gap="xs">{actions}</Group>
    </Group>
  );
}

/**
 * The user's second factors: authenticator app, text message, email code and security keys.
 * Setting one up or removing it is confirmed with a code (or the key itself).
 */
export function MfaCard({ viewOnly, preview }: { viewOnly: boolean; preview: boolean }) {
  const api = useMfaDevicesApi();
  const [devices, setDevices] = useState<MfaDeviceList | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [flow, setFlow] = useState<CodeFlow | null>(null);
  // The otcToken of the code on its way, between a flow's start and finish.
  const pending = useRef<{ otcToken: string }>({ otcToken: '' });

  const load = useCallback(() => {
    if (preview) return;
    setError(null);
    api.list().then(setDevices, (failure: unknown) => setError(messageOf(failure)));
  }, [api, preview]);
  useEffect(() => load(), [load]);

  const keyAdding = useSubmit(async () => {
    const ceremony = await api.securityKey.start();
    const credential = await navigator.credentials.create({ publicKey: ceremony.options });
    if (!credential) throw new Error('The security key was not created');
    await api.securityKey.finish({ webauthnToken: ceremony.webauthnToken, credential }, 'CrossPlatform');
    load();
  });
  const keyRemoval = useConfirmation(async (keyId: string) => {
    const ceremony = await api.securityKey.startRemoval(keyId);
    const credential = await navigator.credentials.get({ publicKey: ceremony.options });
    if (!credential) throw new Error('The security key did not answer');
    await api.securityKey.finishRemoval(keyId, { webauthnToken: ceremony.webauthnToken, credential });
    load();
  });

  if (preview) {
    return (
      <Card withBorder padding="lg" component="section" aria-labelledby="privacy-mfa-title">
        <Title order={2} fz="lg" id="privacy-mfa-title">
          Multi-factor authentication
        </Title>
        <EmptyState
          title="Not available in preview"
          description="Your second factors show here once signed in."
        />
      </Card>
    );
  }

  const done = () => {
    setFlow(null);
    load();
  };

  const authenticatorId = devices?.authenticators[0]?.id;
  const phone = devices?.phones[0];
  const email = devices?.emails[0];

  const flows = {
    enrollAuthenticator: {
      title: 'Set up an authenticator app',
      start: async () => ({
        instructions: 'Scan this QR code with your authenticator app, then enter the 6-digit code it shows.',
        qrUri: (await api.authenticator.start()).qrCode,
      }),
      finish: (code) => api.authenticator.finish(code),
    } satisfies CodeFlow,
    removeAuthenticator: {
      title: 'Remove the authenticator app',
      start: async () => ({
        instructions: 'Enter the 6-digit code your authenticator app shows to remove it.',
      }),
      finish: (code) => api.authenticator.remove(authenticatorId ?? '', code),
    } satisfies CodeFlow,
    enrollSms: {
      title: 'Set up text message codes',
      asksPhoneNumber: true,
      start: async (phoneNumber = '') => {
        const sent = await api.sms.start(phoneNumber);
        pending.current = sent;
        return { instructions: `We texted a 6-digit code to ${sent.phoneNumber}.` };
      },
      finish: (code) => api.sms.finish(pending.current, code),
    } satisfies CodeFlow,
    removeSms: {
      title: 'Remove text message codes',
      start: async () => {
        const sent = await api.sms.startRemoval(phone?.id ?? '');
        pending.current = sent;
        return { instructions: `We texted a 6-digit code to ${sent.phoneNumber}.` };
      },
      finish: (code) => api.sms.finishRemoval(phone?.id ?? '', pending.current, code),
    } satisfies CodeFlow,
    enrollEmail: {
      title: 'Set up email codes',
      start: async () => {
        pending.current = await api.email.start();
        return { instructions: 'We emailed you a 6-digit code.' };
      },
      finish: (code) => api.email.finish(pending.current, code),
    } satisfies CodeFlow,
    removeEmail: {
      title: 'Remove email codes',
      start: async () => {
        pending.current = await api.email.startRemoval();
        return { instructions: 'We emailed you a 6-digit code to confirm.' };
      },
      finish: (code) => api.email.finishRemoval(pending.current, code),
    } satisfies CodeFlow,
  };

  const button = (label: string, onClick: () => void, danger = false) =>
    viewOnly ? null : (
      <Button
        size="xs"
        variant={danger ? 'subtle' : 'default'}
        color={danger ? 'red' : undefined}
        onClick={onClick}
      >
        {label}
      </Button>
    );

  let content;
  if (error && !devices) content = <ErrorState message={error} onRetry={load} />;
  else if (!devices) content = <LoadingState label="Loading your second factors..." />;
  else {
    content = (
      <Stack gap="xs">
        <Text size="sm" c="dimmed" data-testid="mfa-count">
          {`${countMfaDevices(devices)} of 4 methods on`}
        </Text>
        <MethodRow
          name="Authenticator app"
          enrolled={authenticatorId !== undefined}
          actions={
            authenticatorId
              ? button('Remove', () => setFlow(flows.removeAuthenticator), true)
              : button('Set up', () => setFlow(flows.enrollAuthenticator))
          }
        />
        <MethodRow
          name="Text message"
          detail={phone?.phoneNumber}
          enrolled={phone !== undefined}
          actions={
            phone
              ? button('Remove', () => setFlow(flows.removeSms), true)
              : button('Set up', () => setFlow(flows.enrollSms))
          }
        />
        <MethodRow
          name="Email code"
          detail={email?.email}
          enrolled={email !== undefined}
          actions={
            email
              ? button('Remove', () => setFlow(flows.removeEmail), true)
              : button('Set up', () => setFlow(flows.enrollEmail))
          }
        />
        <MethodRow
          name="Security keys"
          detail={devices.webauthn.length > 0 ? `${devices.webauthn.length} registered` : undefined}
          enrolled={devices.webauthn.length > 0}
          actions={
            <>
              {devices.webauthn.map((key, index) =>
                button(`Remove key ${index + 1}`, () => keyRemoval.ask(key.id), true),
              )}
              {viewOnly ? null : (
                <Button
                  size="xs"
                  variant="default"
                  loading={keyAdding.pending}
                  onClick={() => void keyAdding.run(undefined)}
                >
                  Add security key
                </Button>
              )}
            </>
          }
        />
        {keyAdding.error && keyRemoval.target === null ? <ErrorState message={keyAdding.error} /> : null}
      </Stack>
    );
  }

  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="privacy-mfa-title">
      <Stack gap="sm">
        <Title order={2} fz="lg" id="privacy-mfa-title">
          Multi-factor authentication
        </Title>
        {content}
      </Stack>
      <MfaCodeDialog flow={flow} onClose={() => setFlow(null)} onDone={done} />
      <ConfirmDialog {...keyRemoval.dialog} title="Remove security key" confirmLabel="Remove">
        Touch the key when your browser asks, to confirm it is yours.
      </ConfirmDialog>
    </Card>
  );
}
