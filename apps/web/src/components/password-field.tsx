import { useState } from 'react';
import classes from './password-field.module.css';
import { TextField, type TextFieldProps } from './plain-ui';

export type PasswordFieldProps = Omit<TextFieldProps, 'type' | 'rightSection'>;

function EyeIcon({ crossed }: { crossed: boolean }) {
  return (
    <svg
      width="18"
      height="18"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      aria-hidden="true"
    >
      <path d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12z" />
      <circle cx="12" cy="12" r="3" />
      {crossed && <path d="m3 3 18 18" />}
    </svg>
  );
}

/**
 * A password input with a show/hide toggle. Built on the plain TextInput (./plain-ui) rather than
 * Mantine's PasswordInput to keep the login page's critical bundle small; the toggle is a real,
 * labelled button that keyboard users can reach (Mantine's UnstyledButton markup).
 */
export function PasswordField(props: PasswordFieldProps) {
  const [visible, setVisible] = useState(false);
  return (
    <TextField
      {...props}
      type={visible ? 'text' : 'password'}
      spellCheck={false}
      autoCapitalize="off"
      rightSectionPointerEvents="all"
      rightSection={
        <button
          type="button"
          className={`mantine-focus-auto ${classes.toggle} m_87cf2631 mantine-UnstyledButton-root`}
          onClick={() => setVisible((value) => !value)}
          aria-label={visible ? 'Hide password' : 'Show password'}
          aria-pressed={visible}
        >
          <EyeIcon crossed={visible} />
        </button>
      }
    />
  );
}
