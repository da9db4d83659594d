import {
  createContext,
  useContext,
  useState,
  type ComponentType,
  type FormEvent,
  type ReactNode,
} from 'react';
import { FormAlert } from '../../components/form-alert';
import { OneTimeCodeInput } from '../../components/one-time-code-input';
import { Button, Stack } from '../../components/plain-ui';

/** SPEC section 5: MFA codes are 6 digits. */
export const MFA_CODE_PATTERN = /^\d{6}$/;
export const MFA_CODE_MESSAGE = 'Enter the 6-digit code';

export interface RememberDeviceProps {
  days: number;
  checked: boolean;
  onChange: (checked: boolean) => void;
}

/**
 * The "remember this device" box, which the login's MFA steps provide (login-step.tsx): only a login
 * can remember the device (a step-up never offers it), so the step-up page's chunk goes without it.
 */
export const RememberDeviceField = createContext<ComponentType<RememberDeviceProps> | null>(null);

interface CodeFormProps {
  label?: string;
  loading: boolean;
  error: string | null;
  /** "Remember this device" is offered when the MFA policy allows it, for its period. */
  rememberDays?: number | null;
  submitLabel: string;
  onSubmit: (code: string, rememberDevice: boolean) => void;
  children?: ReactNode;
}

/** A 6-digit code, "remember this device" when allowed, and the submit button. */
export function CodeForm({
  label,
  loading,
  error,
  rememberDays,
  submitLabel,
  onSubmit,
  children,
}: CodeFormProps) {
  const [code, setCode] = useState('');
  const [remember, setRemember] = useState(false);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const RememberDevice = useContext(RememberDeviceField);

  const send = (value: string) => {
    if (!MFA_CODE_PATTERN.test(value)) {
      setFieldError(MFA_CODE_MESSAGE);
      return;
    }
    setFieldError(null);
    onSubmit(value, remember);
  };
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    send(code);
  };

  return (
    <form noValidate onSubmit={submit}>
      <Stack gap="md">
        <FormAlert message={error} />
        <OneTimeCodeInput
          label={label}
          value={code}
          onChange={(value) => {
            setCode(value);
            if (fieldError) setFieldError(null);
          }}
          error={fieldError}
          disabled={loading}
        />
        {rememberDays && RememberDevice ? (
          <RememberDevice days={rememberDays} checked={remember} onChange={setRemember} />
        ) : null}
        <Button type="submit" fullWidth loading={loading}>
          {submitLabel}
        </Button>
        {children}
      </Stack>
    </form>
  );
}
