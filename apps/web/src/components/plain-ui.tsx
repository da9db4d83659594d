import { useId, type ComponentProps, type CSSProperties, type ReactNode, type Ref } from 'react';
import classes from './plain-ui.module.css';

// The login page's building blocks as plain elements: Mantine's markup for the few of its components the
// page shows (Stack, Group, Text, Loader, Button, TextInput), with Mantine's own class names, so the look
// is Mantine's (its stylesheet is global: src/app/mantine-styles.ts) while the login page's chunk carries
// none of Mantine's components, about 12 kB of gzip (issue 17). The build fails on a Mantine class name
// without its rule (vite.config.ts, mantineStylesComplete). Only the options the app uses are offered.

/** An element's style, Mantine's CSS variables included. */
export type Style = CSSProperties & Partial<Record<`--${string}`, string>>;

type Spacing = 'xs' | 'sm' | 'md' | 'lg' | 'xl' | number;

/** Pixels as Mantine's rem() writes them: scaled with the theme. */
export const rem = (px: number) => `calc(${px / 16}rem * var(--mantine-scale))`;

/** Mantine's value of a spacing: a theme size, or pixels. */
const space = (value: Spacing) =>
  typeof value === 'number' ? rem(value) : `var(--mantine-spacing-${value})`;

const cx = (...names: (string | false | undefined)[]) => names.filter(Boolean).join(' ');

type DivProps = Omit<ComponentProps<'div'>, 'style'> & { style?: CSSProperties };

/** Mantine's Stack: children in a column, `gap` apart. */
export function Stack({
  gap = 'md',
  align = 'stretch',
  className,
  style,
  ...rest
}: DivProps & { gap?: Spacing; align?: 'stretch' | 'center' }) {
  return (
    <div
      {...rest}
      style={
        {
          '--stack-gap': space(gap),
          '--stack-align': align,
          '--stack-justify': 'flex-start',
          ...style,
        } as Style
      }
      className={cx(className, 'm_6d731127 mantine-Stack-root')}
    />
  );
}

/** Mantine's Group: children in a row, `gap` apart. */
export function Group({
  gap = 'md',
  justify = 'flex-start',
  wrap = 'wrap',
  style,
  ...rest
}: DivProps & { gap?: Spacing; justify?: 'flex-start' | 'center'; wrap?: 'wrap' | 'nowrap' }) {
  return (
    <div
      {...rest}
      style={
        {
          '--group-gap': space(gap),
          '--group-align': 'center',
          '--group-justify': justify,
          '--group-wrap': wrap,
          ...style,
        } as Style
      }
      className="m_4081bf90 mantine-Group-root"
    />
  );
}

const SMALL_TEXT = {
  '--text-fz': 'var(--mantine-font-size-sm)',
  '--text-lh': 'var(--mantine-line-height-sm)',
};

/** Mantine's Text: `size="sm"` the small size, `dimmed` the secondary colour, `style` the rest. */
export function Text({
  component: Component = 'p',
  size,
  dimmed = false,
  style,
  ...rest
}: Omit<ComponentProps<'p'>, 'style'> & {
  component?: 'p' | 'span' | 'h1';
  size?: 'sm';
  dimmed?: boolean;
  style?: CSSProperties;
}) {
  return (
    <Component
      {...rest}
      style={{
        ...(size === 'sm' && SMALL_TEXT),
        ...(dimmed && { color: 'var(--mantine-color-dimmed)' }),
        ...style,
      }}
      className="mantine-focus-auto m_b6d8b162 mantine-Text-root"
      data-size={size}
    />
  );
}

/** The class names and attributes of Mantine's Anchor, for a link or a button that looks like one. */
export function anchorProps(size?: 'sm') {
  return {
    className: 'mantine-focus-auto m_849cf0da m_b6d8b162 mantine-Text-root mantine-Anchor-root',
    'data-size': size,
    'data-underline': 'hover',
    style: { ...(size === 'sm' && SMALL_TEXT), fontWeight: 600 } as Style,
  };
}

/** Mantine's Loader (its default oval) in the brand colour. */
export function Loader({ size, centred = false }: { size?: 'sm'; centred?: boolean }) {
  return (
    <span
      style={
        {
          ...(size && { '--loader-size': `var(--loader-size-${size})` }),
          '--loader-color': 'var(--mantine-color-brand-filled)',
          ...(centred && { marginInline: 'auto' }),
        } as Style
      }
      className="m_b34414df m_5ae2e3c mantine-Loader-root"
      data-size={size}
    />
  );
}

const BUTTON_VARIANTS = {
  filled: { '--button-color': 'var(--mantine-color-white)' },
  light: {
    '--button-bg': 'var(--mantine-color-brand-light)',
    '--button-hover': 'var(--mantine-color-brand-light-hover)',
    '--button-color': 'var(--mantine-color-brand-light-color)',
    '--button-bd': `${rem(1)} solid transparent`,
  },
};

interface ButtonProps {
  children: ReactNode;
  type?: 'button' | 'submit';
  variant?: keyof typeof BUTTON_VARIANTS;
  fullWidth?: boolean;
  /** Disables the button and shows Mantine's loader over its label, sliding in and out as Mantine's does. */
  loading?: boolean;
  onClick?: () => void;
}

/** Mantine's Button in the theme's size (md), filled or light in the brand colour. */
export function Button({
  children,
  type = 'button',
  variant = 'filled',
  fullWidth = false,
  loading,
  onClick,
}: ButtonProps) {
  return (
    <button
      style={
        {
          '--button-height': 'var(--button-height-md)',
          '--button-padding-x': 'var(--button-padding-x-md)',
          '--button-fz': 'var(--mantine-font-size-md)',
          ...BUTTON_VARIANTS[variant],
        } as Style
      }
      className={cx(
        'mantine-focus-auto',
        !loading && 'mantine-active',
        'm_77c9d27d mantine-Button-root m_87cf2631 mantine-UnstyledButton-root',
      )}
      data-variant={variant === 'filled' ? undefined : variant}
      data-size="md"
      data-loading={loading || undefined}
      data-block={fullWidth || undefined}
      type={type}
      disabled={loading}
      onClick={onClick}
    >
      {loading !== undefined && (
        <span className={cx(classes.buttonLoader, 'm_a25b86ee mantine-Button-loader')} aria-hidden="true">
          <span
            style={
              {
                '--loader-size': 'calc(var(--button-height) / 1.8)',
                '--loader-color': 'var(--button-color)',
              } as Style
            }
            className="m_b34414df m_5ae2e3c mantine-Loader-root"
          />
        </span>
      )}
      <span className="m_80f1301b mantine-Button-inner">
        <span className="m_811560b9 mantine-Button-label" data-loading={loading || undefined}>
          {children}
        </span>
      </span>
    </button>
  );
}

export type TextFieldProps = Omit<ComponentProps<'input'>, 'size'> & {
  label: ReactNode;
  /** The field's problem, shown under it; the field is then marked invalid. */
  error?: ReactNode;
  /** What sits at the field's right end (a button, a link). */
  rightSection?: ReactNode;
  /** The right section's width in pixels, when wider than Mantine's default. */
  rightSectionWidth?: number;
  /** Whether the right section takes clicks (a button in it): Mantine's rightSectionPointerEvents. */
  rightSectionPointerEvents?: 'all';
  ref?: Ref<HTMLInputElement>;
};

/** Mantine's TextInput in the theme's size (md): label, required mark, input and error, tied by ids. */
export function TextField({
  label,
  error,
  rightSection,
  rightSectionWidth,
  rightSectionPointerEvents,
  id,
  required,
  ...rest
}: TextFieldProps) {
  const ownId = `mantine-${useId()}`;
  const inputId = id ?? ownId;
  const errorId = `${inputId}-error`;
  const hasError = Boolean(error);
  return (
    <div
      className="m_46b77525 mantine-InputWrapper-root mantine-TextInput-root"
      data-size="md"
      data-error={hasError || undefined}
    >
      <label
        style={{ '--input-label-size': 'var(--mantine-font-size-md)' } as Style}
        className="m_8fdc1311 mantine-InputWrapper-label mantine-TextInput-label"
        data-size="md"
        data-required={required || undefined}
        htmlFor={inputId}
        id={`${inputId}-label`}
      >
        {label}
        {required && (
          <span
            className="m_78a94662 mantine-InputWrapper-required mantine-TextInput-required"
            aria-hidden="true"
          >
            {' *'}
          </span>
        )}
      </label>
      <div
        style={
          {
            ...(hasError && { '--input-margin-bottom': 'calc(var(--mantine-spacing-xs) / 2)' }),
            '--input-height': 'var(--input-height-md)',
            '--input-fz': 'var(--mantine-font-size-md)',
            ...(rightSectionWidth !== undefined && {
              '--input-right-section-width': rem(rightSectionWidth),
            }),
            ...(rightSectionPointerEvents && {
              '--input-right-section-pointer-events': rightSectionPointerEvents,
            }),
          } as Style
        }
        className="m_6c018570 mantine-Input-wrapper mantine-TextInput-wrapper"
        data-variant="default"
        data-size="md"
        data-error={hasError || undefined}
        data-with-right-section={rightSection ? true : undefined}
      >
        <input
          {...rest}
          required={required}
          aria-invalid={hasError || undefined}
          aria-describedby={hasError ? errorId : undefined}
          id={inputId}
          className="m_8fb7ebe7 mantine-Input-input mantine-TextInput-input"
          data-variant="default"
          data-error={hasError || undefined}
        />
        {rightSection && (
          <div data-position="right" className="m_82577fc2 mantine-Input-section mantine-TextInput-section">
            {rightSection}
          </div>
        )}
      </div>
      {hasError && (
        <p
          style={
            {
              '--input-error-size': `calc(var(--mantine-font-size-md) - ${rem(2)})`,
            } as Style
          }
          className="m_8f816625 mantine-InputWrapper-error mantine-TextInput-error"
          data-size="md"
          id={errorId}
        >
          {error}
        </p>
      )}
    </div>
  );
}
