import { Checkbox } from '../../components/plain-ui-extra';
import type { RememberDeviceProps } from './code-form';

/** "Remember this device" for the MFA policy's period, at a login's MFA code steps. */
export function RememberDevice({ days, checked, onChange }: RememberDeviceProps) {
  return (
    <Checkbox
      label={`Remember this device for ${days} ${days === 1 ? 'day' : 'days'}`}
      checked={checked}
      onChange={(event) => onChange(event.currentTarget.checked)}
    />
  );
}
