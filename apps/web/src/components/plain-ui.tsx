import { useId, type ComponentProps, type CSSProperties, type ReactNode, type Ref } from 'react';
import { Link, type To } from '../app/navigation';
import classes from './plain-ui.module.css';

// The login box's building blocks as plain elements: Mantine's markup for the few of its components the
// pages show (Stack, Group, Text, Anchor, Loader, Button, TextInput, Alert), with Mantine's own class
// names, so the look is Mantine's (its stylesheet is global: src/app/mantine-styles.ts) while the pages'
// chunks carry none of Mantine's components and need no Mantine provider, about 12 kB of gzip on the
// login page (issue 17). Those the login page does not show are apart, each module loading with the
// pages that show it: plain-ui-extra.tsx (the sign-up form, the MFA steps), plain-ui-social.tsx (the social
// buttons), plain-ui-copy.tsx (the MFA enrollment). The build fails on a Mantine class name without its
// rule (vite.config.ts, mantineStylesComplete). Only the options the app uses are offered.

/** An element's style, Mantine's CSS variables included. */
export type Style = CSSProperties & Partial<Record<`--${string}`, string>>;

type Spacing = 'xs' | 'sm' | 'md' | 'lg' | 'xl' | number;

/** Pixels as Mantine's rem() writes them: scaled with the theme. */
export const rem = (px: number) => `calc(${px / 16}rem * var(--mantine-scale))`;

/** Mantine's value of a spacing: a theme size, or pixels. */
const space = (value: Spacing) =>
  typeof value === 'number' ? rem(value) : `var(--mantine-spacing-${value})`;

export const cx = (...names: (string | false | undefined)[]) => names.filter(Boolean).join(' ');

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

interface AnchorLook {
  /** Mantine's `underline`: on hover (its default) or always. */
  underline?: 'hover' | 'always';
  /** The surrounding text's colour (Mantine's `c="inherit"`) rather than the anchor colour. */
  inheritColor?: boolean;
  /** Bold (the login page's links, `fw={600}`), or Mantine's own weight (`false`). */
  bold?: boolean;
  /** Its text centred (`ta="center"`). */
  centred?: boolean;
}

/** The class names and attributes of Mantine's Anchor, for a link or a button that looks like one. */
export function anchorProps(
  size?: 'sm',
  { underline = 'hover', inheritColor = false, bold = true, centred = false }: AnchorLook = {},
) {
  return {
    className: 'mantine-focus-auto m_849cf0da m_b6d8b162 mantine-Text-root mantine-Anchor-root',
    'data-size': size,
    'data-underline': underline,
    style: {
      ...(size === 'sm' && SMALL_TEXT),
      ...(inheritColor && { color: 'inherit' }),
      ...(bold && { fontWeight: 600 }),
      ...(centred && { textAlign: 'center' }),
    } as Style,
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

export const BUTTON_VARIANTS = {
  filled: { '--button-color': 'var(--mantine-color-white)' },
  light: {
    '--button-bg': 'var(--mantine-color-brand-light)',
    '--button-hover': 'var(--mantine-color-brand-light-hover)',
    '--button-color': 'var(--mantine-color-brand-light-color)',
    '--button-bd': `${rem(1)} solid transparent`,
  },
  default: {
    '--button-bg': 'var(--mantine-color-default)',
    '--button-hover': 'var(--mantine-color-default-hover)',
    '--button-color': 'var(--mantine-color-default-color)',
    '--button-bd': `${rem(1)} solid var(--mantine-color-default-border)`,
  },
};

interface ButtonProps {
  children: ReactNode;
  type?: 'button' | 'submit';
  variant?: keyof typeof BUTTON_VARIANTS;
  fullWidth?: boolean;
  /** Disables the button and shows Mantine's loader over its label, sliding in and out as Mantine's does. */
  loading?: boolean;
  disabled?: boolean;
  onClick?: () => void;
}

/** The class names of Mantine's Button root. */
const BUTTON_ROOT = 'm_77c9d27d mantine-Button-root m_87cf2631 mantine-UnstyledButton-root';
/** ... with the focus ring and the pressed look. */
export const BUTTON_CLASS = `mantine-focus-auto mantine-active ${BUTTON_ROOT}`;

/** The style of Mantine's Button in the theme's size (md) and the given variant. */
export const buttonStyle = (variant: keyof typeof BUTTON_VARIANTS): Style => ({
  '--button-height': 'var(--button-height-md)',
  '--button-padding-x': 'var(--button-padding-x-md)',
  '--button-fz': 'var(--mantine-font-size-md)',
  ...BUTTON_VARIANTS[variant],
});

/** Mantine's Button in the theme's size (md) as a link within the app (`component={Link}`). */
export function ButtonLink({
  to,
  variant = 'filled',
  fullWidth = false,
  children,
}: {
  to: To;
  variant?: keyof typeof BUTTON_VARIANTS;
  fullWidth?: boolean;
  children: ReactNode;
}) {
  return (
    <Link
      to={to}
      style={buttonStyle(variant)}
      className={BUTTON_CLASS}
      data-variant={variant === 'filled' ? undefined : variant}
      data-size="md"
      data-block={fullWidth || undefined}
    >
      <span className="m_80f1301b mantine-Button-inner">
        <span className="m_811560b9 mantine-Button-label">{children}</span>
      </span>
    </Link>
  );
}

/** Mantine's Button in the theme's size (md): filled or light in the brand colour, or the default look. */
export function Button({
  children,
  type = 'button',
  variant = 'filled',
  fullWidth = false,
  loading,
  disabled = false,
  onClick,
}: ButtonProps) {
  return (
    <button
      style={buttonStyle(variant)}
      className={cx('mantine-focus-auto', !loading && !disabled && 'mantine-active', BUTTON_ROOT)}
      data-variant={variant === 'filled' ? undefined : variant}
      data-size="md"
      data-disabled={disabled || undefined}
      data-loading={loading || undefined}
      data-block={fullWidth || undefined}
      type={type}
      disabled={loading || disabled}
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
  /** A line of help between the label and the input. */
  description?: ReactNode;
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
  description,
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
  const descriptionId = `${inputId}-description`;
  const hasError = Boolean(error);
  const describedBy = [hasError && errorId, description && descriptionId].filter(Boolean).join(' ');
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
      {description && (
        <p
          style={
            {
              '--input-description-size': `calc(var(--mantine-font-size-md) - ${rem(2)})`,
            } as Style
          }
          className="m_fe47ce59 mantine-InputWrapper-description mantine-TextInput-description"
          data-size="md"
          id={descriptionId}
        >
          {description}
        </p>
      )}
      <div
        style={
          {
            ...(description && { '--input-margin-top': 'calc(var(--mantine-spacing-xs) / 2)' }),
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
          aria-describedby={describedBy || undefined}
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

/**
 * Mantine's Alert, light in red with the medium radius (`color="red" variant="light" radius="md"`): a
 * title and a message, tied to the alert by ids.
 */
export function Alert({ title, children }: { title: ReactNode; children: ReactNode }) {
  const id = `mantine-${useId()}`;
  return (
    <div
      style={
        {
          '--alert-radius': 'var(--mantine-radius-md)',
          '--alert-bg': 'var(--mantine-color-red-light)',
          '--alert-color': 'var(--mantine-color-red-light-color)',
          '--alert-bd': `${rem(1)} solid transparent`,
        } as Style
      }
      className="m_66836ed3 mantine-Alert-root"
      data-variant="light"
      id={id}
      role="alert"
      aria-describedby={`${id}-body`}
      aria-labelledby={`${id}-title`}
    >
      <div className="m_a5d60502 mantine-Alert-wrapper">
        <div className="m_667c2793 mantine-Alert-body">
          <div className="m_6a03f287 mantine-Alert-title">
            <span id={`${id}-title`} className="m_698f4f23 mantine-Alert-label">
              {title}
            </span>
          </div>
          <div id={`${id}-body`} className="m_7fa78076 mantine-Alert-message" data-variant="light">
            {children}
          </div>
        </div>
      </div>
    </div>
  );
}

/**
 * Mantine's ThemeIcon with the extra-large radius, `size` pixels square: filled (`color` a theme colour
 * with its shade, white on it) or light in the brand colour.
 */
export function ThemeIcon({
  size,
  color = 'brand',
  variant = 'filled',
  children,
}: {
  size: number;
  color?: 'brand' | 'gray.4';
  variant?: 'filled' | 'light';
  children: ReactNode;
}) {
  const filled = color === 'brand' ? 'var(--mantine-color-brand-filled)' : 'var(--mantine-color-gray-4)';
  return (
    <div
      style={
        {
          '--ti-size': rem(size),
          '--ti-radius': 'var(--mantine-radius-xl)',
          '--ti-bg': variant === 'light' ? 'var(--mantine-color-brand-light)' : filled,
          '--ti-color':
            variant === 'light' ? 'var(--mantine-color-brand-light-color)' : 'var(--mantine-color-white)',
          '--ti-bd': `${rem(1)} solid transparent`,
        } as Style
      }
      className="m_7341320d mantine-ThemeIcon-root"
      data-variant={variant === 'filled' ? undefined : variant}
      aria-hidden="true"
    >
      {children}
    </div>
  );
}

/** Mantine's VisuallyHidden: read by screen readers, not shown. */
export function VisuallyHidden({ children }: { children: ReactNode }) {
  return <span className="m_515a97f8 mantine-VisuallyHidden-root">{children}</span>;
}
