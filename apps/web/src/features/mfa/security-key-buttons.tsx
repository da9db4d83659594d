import { useState } from 'react';
import { FormAlert } from '../../components/form-alert';
import { Button, Stack } from '../../components/plain-ui';
import { Checkbox } from '../../components/plain-ui-extra';
import { createCredential, describeCeremonyError, getAssertion } from '../../lib/webauthn';
import type { MfaFlow } from '../../sdk';
import { useSecurityKeyActions } from '../../sdk/hooks/webauthn';

function enrollLabel(strategies: MfaFlow['strategies']): string {
  const roaming = strategies.includes('WebAuthnCrossPlatform');
  const platform = strategies.includes('WebAuthnPlatform');
  if (roaming && platform) return 'Security key or this device';
  return roaming ? 'Security key' : 'This device (fingerprint, face or screen lock)';
}

/** The security keys in the MFA chooser (security-key.tsx): a button to add one, or one per enrolled key. */
export function SecurityKeyButtons({ flow }: { flow: MfaFlow }) {
  const actions = useSecurityKeyActions(flow.mode === 'stepUp');
  const [busy, setBusy] = useState<string | null>(null);
  const [tried, setTried] = useState(false);
  const [remember, setRemember] = useState(false);

  const enrolling = flow.mode === 'enroll';
  const devices = enrolling ? [] : (flow.devices?.webauthn ?? []);

  const run = async (id: string, ceremony: () => Promise<void>) => {
    setBusy(id);
    setTried(true);
    actions.showError(undefined);
    try {
      await ceremony();
    } catch (error) {
      actions.showError(describeCeremonyError(error, enrolling ? 'registration' : 'sign-in', 'security key'));
    } finally {
      setBusy(null);
    }
  };

  const enroll = () =>
    run('enroll', async () => {
      const ceremony = await actions.enrollmentOptions();
      if (!ceremony) return;
      const credential = await createCredential(ceremony.options);
      await actions.enroll({ webauthnToken: ceremony.webauthnToken, credential }, remember);
    });

  const verify = (deviceId: string) =>
    run(deviceId, async () => {
      const ceremony = await actions.verificationOptions(deviceId);
      if (!ceremony) return;
      const credential = await getAssertion(ceremony.options);
      await actions.verify(deviceId, { webauthnToken: ceremony.webauthnToken, credential }, remember);
    });

  return (
    <Stack gap="sm">
      {tried && <FormAlert message={flow.error} />}
      {enrolling ? (
        <Button variant="default" fullWidth loading={busy === 'enroll'} onClick={() => void enroll()}>
          {enrollLabel(flow.strategies)}
        </Button>
      ) : (
        devices.map((device) => (
          <Button
            key={device.id}
            variant="default"
            fullWidth
            loading={busy === device.id}
            disabled={busy !== null && busy !== device.id}
            onClick={() => void verify(device.id)}
          >
            {devices.length === 1 ? 'Security key' : `Security key: ${device.name || 'unnamed'}`}
          </Button>
        ))
      )}
      {flow.rememberDays !== null && flow.mode !== 'stepUp' && (
        <Checkbox
          label={`Remember this device for ${flow.rememberDays} ${flow.rememberDays === 1 ? 'day' : 'days'}`}
          checked={remember}
          onChange={(event) => setRemember(event.currentTarget.checked)}
        />
      )}
    </Stack>
  );
}
