import { useState } from 'react';
import { Button, Stack, Text } from '../../components/plain-ui';
import { Checkbox } from '../../components/plain-ui-extra';
import { Code, CopyButton, GrowGroup } from '../../components/plain-ui-copy';
import type { MfaFlow } from '../../sdk/hooks/mfa';

const download = (recoveryCode: string) => {
  const text = `Brizo FoodMetrics recovery code\n\n${recoveryCode}\n\nUse it once to sign in if you lose your second factor.\n`;
  const url = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = 'brizo-recovery-code.txt';
  link.click();
  URL.revokeObjectURL(url);
};

/** Step recoveryCode (after an enrollment): shown once; copy or download, confirm, continue. */
export function RecoveryCodeStep({ flow }: { flow: MfaFlow }) {
  const [saved, setSaved] = useState(false);
  const code = flow.recoveryCode;
  return (
    <Stack gap="md">
      <Text size="sm">
        Two-factor authentication is on. Save this recovery code somewhere safe: it is the only way back in if
        you lose your device, and it is shown only once.
      </Text>
      {code && (
        <Code
          block
          style={{ fontSize: 'var(--mantine-font-size-lg)', fontWeight: 600, textAlign: 'center' }}
          data-testid="mfa-recovery-code"
        >
          {code}
        </Code>
      )}
      {code && (
        <GrowGroup>
          <CopyButton value={code}>
            {({ copied, copy }) => (
              <Button variant="default" onClick={copy}>
                {copied ? 'Copied' : 'Copy'}
              </Button>
            )}
          </CopyButton>
          <Button variant="default" onClick={() => download(code)}>
            Download
          </Button>
        </GrowGroup>
      )}
      <Checkbox
        label="I have saved my recovery code"
        checked={saved}
        onChange={(event) => setSaved(event.currentTarget.checked)}
      />
      <Button fullWidth disabled={!saved} onClick={flow.finishEnrollment}>
        Continue
      </Button>
    </Stack>
  );
}
