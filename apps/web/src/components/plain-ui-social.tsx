import type { ReactNode } from 'react';
import { BUTTON_CLASS, buttonStyle, type BUTTON_VARIANTS } from './plain-ui';

// The social buttons' parts as plain elements (see plain-ui.tsx): in a module of their own, so that they
// load with the social buttons, which the login and sign-up pages load apart (issue 17).

/**
 * Mantine's Button in the theme's size (md) as a link to an address outside the app (`component="a"`),
 * with an icon before its label (`leftSection`).
 */
export function ButtonAnchor({
  href,
  variant = 'filled',
  fullWidth = false,
  leftSection,
  children,
}: {
  href: string;
  variant?: keyof typeof BUTTON_VARIANTS;
  fullWidth?: boolean;
  leftSection?: ReactNode;
  children: ReactNode;
}) {
  return (
    <a
      href={href}
      style={buttonStyle(variant)}
      className={BUTTON_CLASS}
      data-variant={variant === 'filled' ? undefined : variant}
      data-size="md"
      data-block={fullWidth || undefined}
      data-with-left-section={leftSection ? true : undefined}
    >
      <span className="m_80f1301b mantine-Button-inner">
        {leftSection && (
          <span className="m_a74036a mantine-Button-section" data-position="left">
            {leftSection}
          </span>
        )}
        <span className="m_811560b9 mantine-Button-label">{children}</span>
      </span>
    </a>
  );
}

/** Mantine's Divider, horizontal, with a label in its middle (`labelPosition="center"`). */
export function Divider({ label }: { label: ReactNode }) {
  return (
    <div
      className="m_3eebeb36 mantine-Divider-root"
      data-orientation="horizontal"
      data-with-label="true"
      role="separator"
      aria-orientation="horizontal"
    >
      <span className="m_9e365f20 mantine-Divider-label" data-position="center">
        {label}
      </span>
    </div>
  );
}
