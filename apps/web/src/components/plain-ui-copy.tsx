import { useClipboard } from '@mantine/hooks';
import type { CSSProperties, HTMLAttributes, ReactNode } from 'react';
import { BUTTON_CLASS, rem, type Style } from './plain-ui';

// The parts that show a code to copy (the MFA steps' manual key and recovery code) as plain elements
// (see plain-ui.tsx): in a module of their own, so that only the MFA steps' chunk carries them (issue 17).

/** Mantine's Code: inline, or a block (`block`) of its own. */
export function Code({
  block = false,
  style,
  ...rest
}: Omit<HTMLAttributes<HTMLElement>, 'style'> & { block?: boolean; style?: CSSProperties }) {
  const Element = block ? 'pre' : 'code';
  return (
    <Element
      {...rest}
      style={style}
      className="m_b183c0a2 mantine-Code-root"
      data-block={block || undefined}
      dir="ltr"
    />
  );
}

/** Mantine's CopyButton: `children` gets whether `value` was copied within the last second, and `copy`. */
export function CopyButton({
  value,
  children,
}: {
  value: string;
  children: (state: { copied: boolean; copy: () => void }) => ReactNode;
}) {
  const clipboard = useClipboard({ timeout: 1000 });
  return children({ copied: clipboard.copied, copy: () => clipboard.copy(value) });
}

/** Mantine's Button, subtle in the brand colour and in the extra-small compact size. */
export function CompactSubtleButton({ children, onClick }: { children: ReactNode; onClick: () => void }) {
  return (
    <button
      style={
        {
          '--button-height': 'var(--button-height-compact-xs)',
          '--button-padding-x': 'var(--button-padding-x-compact-xs)',
          '--button-fz': 'var(--mantine-font-size-xs)',
          '--button-bg': 'transparent',
          '--button-hover': 'var(--mantine-color-brand-light-hover)',
          '--button-color': 'var(--mantine-color-brand-light-color)',
          '--button-bd': `${rem(1)} solid transparent`,
        } as Style
      }
      className={BUTTON_CLASS}
      data-variant="subtle"
      data-size="compact-xs"
      type="button"
      onClick={onClick}
    >
      <span className="m_80f1301b mantine-Button-inner">
        <span className="m_811560b9 mantine-Button-label">{children}</span>
      </span>
    </button>
  );
}

/** Mantine's Group with `grow`: two children side by side, sharing the row, the medium gap apart. */
export function GrowGroup({ children }: { children: ReactNode }) {
  return (
    <div
      style={
        {
          '--group-child-width': 'calc(50% - (var(--mantine-spacing-md) - var(--mantine-spacing-md) / 2))',
          '--group-gap': 'var(--mantine-spacing-md)',
          '--group-align': 'center',
          '--group-justify': 'flex-start',
          '--group-wrap': 'wrap',
        } as Style
      }
      className="m_4081bf90 mantine-Group-root"
      data-grow="true"
    >
      {children}
    </div>
  );
}
