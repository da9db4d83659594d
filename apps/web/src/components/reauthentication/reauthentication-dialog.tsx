import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useEffect, useState, type FormEvent } from 'react';
import { describeCeremonyError } from '../../lib/webauthn';
import type { ReauthenticationApi, SecondFactor, StepUp } from '../../sdk/hooks/reauthentication';
import { FormAlert } from '../form-alert';
import { OneTimeCodeInput } from '../one-time-code-input';
import { PasswordField } from '../password-field';

type Step =
  | { name: 'loading' }
  | { name: 'password' }
  | { name: 'securityKey' }
  | { name: 'choose'; stepUp: StepUp }
  | { name: 'code'; stepUp: StepUp; factor: SecondFactor; otcToken: string | null; sentTo: string }
  | { name: 'unavailable' };

const messageOf = (failure: unknown) =>
  failure instanceof Error ? failure.message : 'Unknown error occurred';

/** What the button for a factor says. */
export function factorLabel(factor: SecondFactor): string {
  if (factor.kind === 'authenticator') return 'Authenticator app';
  if (factor.kind === 'sms') return `Text message to ${factor.phoneNumber}`;
  return `Email code to ${factor.email}`;
}

function codeInstructions(factor: SecondFactor): string {
  if (factor.kind === 'authenticator') return 'Enter the 6-digit code your authenticator app shows.';
  if (factor.kind === 'sms') return `We texted a 6-digit code to ${factor.phoneNumber}.`;
  return `We emailed a 6-digit code to ${factor.email}.`;
}

/** A failure of the security-key button: the browser's own as one sentence, else the server's message. */
const keyMessageOf = (failure: unknown) =>
  failure instanceof DOMException || (failure instanceof Error && failure.name !== 'Error')
    ? describeCeremonyError(failure, 'sign-in', 'security key')
    : messageOf(failure);

/**
 * Issue 10: "Confirm it's you" before a change to how the account signs in. The password when the
 * user has one, else a security key or passkey when they have one, else the second factor; a
 * security key and a second factor are offered on request. The code field takes a paste.
 * `onDone(true)` once confirmed (the token is renewed by then), `onDone(false)` when cancelled.
 */
export function ReauthenticationDialog({
  opened,
  api,
  onDone,
}: {
  opened: boolean;
  api: ReauthenticationApi;
  onDone: (confirmed: boolean) => void;
}) {
  const [step, setStep] = useState<Step>({ name: 'loading' });
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [hasSecurityKey, setHasSecurityKey] = useState(false);

  const run = async (action: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    try {
      await action();
    } catch (failure) {
      setError(messageOf(failure));
    } finally {
      setBusy(false);
    }
  };

  const choose = (stepUp: StepUp, factor: SecondFactor) =>
    run(async () => {
      const sent = await api.sendCode(stepUp, factor);
      setCode('');
      setStep({
        name: 'code',
        stepUp,
        factor,
        otcToken: sent?.otcToken ?? null,
        sentTo: codeInstructions(factor),
      });
    });

  const securityKey = async () => {
    setBusy(true);
    setError(null);
    try {
      await api.withSecurityKey();
      onDone(true);
    } catch (failure) {
      setError(keyMessageOf(failure));
    } finally {
      setBusy(false);
    }
  };

  const secondFactor = () =>
    run(async () => {
      let stepUp: StepUp;
      try {
        stepUp = await api.startSecondFactor();
      } catch {
        setStep(hasSecurityKey ? { name: 'securityKey' } : { name: 'unavailable' });
        return;
      }
      const [only] = stepUp.factors;
      if (stepUp.factors.length === 1 && only) await choose(stepUp, only);
      else if (stepUp.factors.length === 0)
        setStep(hasSecurityKey ? { name: 'securityKey' } : { name: 'unavailable' });
      else setStep({ name: 'choose', stepUp });
    });

  useEffect(() => {
    if (!opened) return;
    setStep({ name: 'loading' });
    setPassword('');
    setCode('');
    setError(null);
    setHasSecurityKey(false);
    api.options().then(
      ({ password: hasPassword, securityKey: hasKey }) => {
        setHasSecurityKey(hasKey);
        if (hasPassword) setStep({ name: 'password' });
        else if (hasKey) setStep({ name: 'securityKey' });
        else void secondFactor();
      },
      (failure: unknown) => {
        setStep({ name: 'password' });
        setError(messageOf(failure));
      },
    );
    // Starts over each time the dialog opens.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [opened, api]);

  const submitPassword = (event: FormEvent) => {
    event.preventDefault();
    void run(async () => {
      await api.withPassword(password);
      onDone(true);
    });
  };

  const submitCode = (typed = code) => {
    if (step.name !== 'code') return;
    void run(async () => {
      await api.verify(step.stepUp, step.factor, typed, step.otcToken);
      onDone(true);
    });
  };

  const cancel = (
    <Button variant="default" onClick={() => onDone(false)} disabled={busy}>
      Cancel
    </Button>
  );
  const securityKeyButton = (variant: 'default' | 'filled') => (
    <Button variant={variant} onClick={() => void securityKey()} loading={busy}>
      Use a security key or passkey
    </Button>
  );
  const secondFactorLink = (
    <Button variant="subtle" px={0} onClick={() => void secondFactor()} disabled={busy}>
      Use a second factor instead
    </Button>
  );

  return (
    <Modal
      opened={opened}
      onClose={() => onDone(false)}
      title="Confirm it's you"
      centered
      zIndex={400}
      data-testid="reauthentication-dialog"
    >
      <Stack gap="md">
        {step.name === 'loading' ? <Text size="sm">Loading...</Text> : null}
        {step.name === 'password' ? (
          <form onSubmit={submitPassword} noValidate>
            <Stack gap="md">
              <Text size="sm">You signed in a while ago. Enter your password to make this change.</Text>
              <PasswordField
                label="Password"
                autoComplete="current-password"
                value={password}
                onChange={(event) => setPassword(event.currentTarget.value)}
                // The field appears once the options load: after the modal placed its first focus
                // (autoFocus), or before its focus trap runs, which then looks for data-autofocus
                // instead of taking the first button.
                autoFocus
                data-autofocus
                required
              />
              <FormAlert message={error} />
              {hasSecurityKey ? securityKeyButton('default') : null}
              <Group justify="space-between" wrap="wrap">
                {secondFactorLink}
                <Group gap="xs">
                  {cancel}
                  <Button type="submit" loading={busy} disabled={password === ''}>
                    Confirm
                  </Button>
                </Group>
              </Group>
            </Stack>
          </form>
        ) : null}
        {step.name === 'securityKey' ? (
          <Stack gap="md">
            <Text size="sm">
              You signed in a while ago. Confirm it is you with your security key or passkey.
            </Text>
            {securityKeyButton('filled')}
            <FormAlert message={error} />
            <Group justify="space-between" wrap="wrap">
              {secondFactorLink}
              {cancel}
            </Group>
          </Stack>
        ) : null}
        {step.name === 'choose' ? (
          <Stack gap="sm">
            <Text size="sm">
              You signed in a while ago. Confirm it is you with one of your second factors.
            </Text>
            {step.stepUp.factors.map((factor) => (
              <Button
                key={factor.kind === 'sms' ? factor.deviceId : factor.kind}
                variant="default"
                onClick={() => void choose(step.stepUp, factor)}
                loading={busy}
              >
                {factorLabel(factor)}
              </Button>
            ))}
            {hasSecurityKey ? securityKeyButton('default') : null}
            <FormAlert message={error} />
            <Group justify="flex-end">{cancel}</Group>
          </Stack>
        ) : null}
        {step.name === 'code' ? (
          <form
            onSubmit={(event) => {
              event.preventDefault();
              submitCode();
            }}
            noValidate
          >
            <Stack gap="md">
              <Text size="sm">{step.sentTo}</Text>
              <OneTimeCodeInput value={code} onChange={setCode} onComplete={(typed) => submitCode(typed)} />
              <FormAlert message={error} />
              <Group justify="flex-end">
                {cancel}
                <Button type="submit" loading={busy} disabled={code.length !== 6}>
                  Confirm
                </Button>
              </Group>
            </Stack>
          </form>
        ) : null}
        {step.name === 'unavailable' ? (
          <Stack gap="md">
            <Text size="sm">
              You signed in a while ago and your account has no password or second factor to confirm it is
              you. Sign out and sign in again to make this change.
            </Text>
            <Group justify="flex-end">{cancel}</Group>
          </Stack>
        ) : null}
      </Stack>
    </Modal>
  );
}
