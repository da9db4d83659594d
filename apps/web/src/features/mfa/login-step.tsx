import { useMfaFlow } from '../../sdk/hooks/mfa';
import { RememberDeviceField } from './code-form';
import { MfaStepScreen } from './mfa-step';
import { RememberDevice } from './remember-device';

// The login's MFA steps, apart from the step-up page's (step-up-page.tsx): they alone offer to remember
// the device.

/** Login steps loginWithTwoFactor and forceTwoFactor. */
export function MfaLoginStep({ onBack }: { onBack: () => void }) {
  const flow = useMfaFlow();
  return (
    <RememberDeviceField value={RememberDevice}>
      <MfaStepScreen flow={flow} onBack={onBack} />
    </RememberDeviceField>
  );
}
