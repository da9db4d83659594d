import { rem, Text, ThemeIcon, VisuallyHidden, type Style } from './plain-ui';

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
      <p
        style={
          {
            '--text-fz': 'var(--mantine-font-size-xs)',
            '--text-lh': 'var(--mantine-line-height-xs)',
            marginBottom: rem(6),
            color: 'var(--mantine-color-dimmed)',
          } as Style
        }
        className="mantine-focus-auto m_b6d8b162 mantine-Text-root"
        data-size="xs"
      >
        A strong password has:
      </p>
      {/* Mantine's List (size xs, spacing 4, icons centred) as plain elements (issue 17). */}
      <ul
        style={
          {
            '--list-fz': 'var(--mantine-font-size-xs)',
            '--list-lh': 'var(--mantine-line-height-xs)',
            '--list-spacing': rem(4),
          } as Style
        }
        className="m_abbac491 mantine-List-root"
        data-size="xs"
      >
        {passwordHints(rules).map(({ label, met }) => {
          const ok = met(password);
          return (
            <li
              key={label}
              style={{ color: ok ? 'var(--mantine-color-brand-8)' : 'var(--mantine-color-dimmed)' }}
              className="m_abb6bec2 mantine-List-item"
              data-with-icon="true"
              data-centered="true"
            >
              <div className="m_75cd9f71 mantine-List-itemWrapper">
                <span className="m_60f83e5b mantine-List-itemIcon">
                  <ThemeIcon size={16} color={ok ? 'brand' : 'gray.4'}>
                    <Text
                      component="span"
                      style={{ color: 'var(--mantine-color-white)', fontSize: rem(10), lineHeight: 1 }}
                    >
                      {ok ? '✓' : '•'}
                    </Text>
                  </ThemeIcon>
                </span>
                <span className="mantine-List-itemLabel">
                  {label}
                  {ok && <VisuallyHidden> (done)</VisuallyHidden>}
                </span>
              </div>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
