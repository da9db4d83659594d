import { List, Text, ThemeIcon, VisuallyHidden } from '@mantine/core';

export interface PasswordRulesView {
  minLength?: number;
}

interface Hint {
  label: string;
  met: (password: string) => boolean;
}

/** The password hints of SPEC section 5, each marked once the typed password meets it. */
export function passwordHints(rules: PasswordRulesView | null): Hint[] {
  const hints: Hint[] = [];
  if (rules?.minLength) {
    const min = rules.minLength;
    hints.push({ label: `At least ${min} characters`, met: (p) => p.length >= min });
  }
  hints.push(
    { label: 'One lowercase letter', met: (p) => /[a-z]/.test(p) },
    { label: 'One capital letter', met: (p) => /[A-Z]/.test(p) },
    { label: 'One number', met: (p) => /\d/.test(p) },
    { label: 'One special character', met: (p) => /[^A-Za-z0-9\s]/.test(p) },
    { label: 'Avoid 3 or more recurring characters', met: (p) => p.length > 0 && !/(.)\1\1/.test(p) },
  );
  return hints;
}

export function PasswordHints({
  id,
  password,
  rules,
}: {
  id?: string;
  password: string;
  rules: PasswordRulesView | null;
}) {
  return (
    <div id={id}>
      <Text size="xs" c="dimmed" mb={6}>
        A strong password has:
      </Text>
      <List spacing={4} size="xs" center>
        {passwordHints(rules).map(({ label, met }) => {
          const ok = met(password);
          return (
            <List.Item
              key={label}
              c={ok ? 'brand.8' : 'dimmed'}
              icon={
                <ThemeIcon size={16} radius="xl" color={ok ? 'brand' : 'gray.4'} aria-hidden="true">
                  <Text span fz={10} c="white" lh={1}>
                    {ok ? '✓' : '•'}
                  </Text>
                </ThemeIcon>
              }
            >
              {label}
              {ok && <VisuallyHidden> (done)</VisuallyHidden>}
            </List.Item>
          );
        })}
      </List>
    </div>
  );
}
