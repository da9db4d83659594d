import { useId, type ComponentProps, type ReactNode, type Ref } from 'react';
import { cx, type Style } from './plain-ui';
import classes from './plain-ui.module.css';

// More of Mantine's components as plain elements (see plain-ui.tsx), the form parts of the sign-up page
// and the MFA steps: apart from plain-ui.tsx, whose module is in the login page's chunk, so that chunk
// carries none of them (issue 17).

/**
 * Mantine's SimpleGrid with the medium spacing: one column, two from the extra-small breakpoint up
 * (`cols={{ base: 1, xs: 2 }}`). Mantine writes the breakpoint's rule in a <style> element of its own;
 * here it is in the stylesheet (plain-ui.module.css).
 */
export function TwoColumnGrid({ children }: { children: ReactNode }) {
  return (
    <div
      style={
        {
          '--sg-spacing-x': 'var(--mantine-spacing-md)',
          '--sg-spacing-y': 'var(--mantine-spacing-md)',
        } as Style
      }
      className={cx('m_2415a157 mantine-SimpleGrid-root', classes.twoColumns)}
    >
      {children}
    </div>
  );
}

export type CheckboxProps = Omit<ComponentProps<'input'>, 'type' | 'size'> & {
  label: ReactNode;
  /** The box's problem, shown under its label; the box is then marked invalid. */
  error?: ReactNode;
  ref?: Ref<HTMLInputElement>;
};

/** Mantine's Checkbox (filled in the brand colour, the small radius) with its label on the right. */
export function Checkbox({ label, error, id, ...rest }: CheckboxProps) {
  const ownId = `mantine-${useId()}`;
  const inputId = id ?? ownId;
  const errorId = `${inputId}-error`;
  const hasError = Boolean(error);
  return (
    <div
      style={
        {
          '--checkbox-radius': 'var(--mantine-radius-sm)',
          '--checkbox-color': 'var(--mantine-color-brand-filled)',
        } as Style
      }
      className="m_bf2d988c mantine-Checkbox-root m_5f75b09e mantine-Checkbox-root"
      data-variant="filled"
      data-label-position="right"
    >
      <div className="m_5f6e695e mantine-Checkbox-body">
        <div className="m_26062bec mantine-Checkbox-inner" data-label-position="right">
          <input
            {...rest}
            className="mantine-focus-auto m_26063560 mantine-Checkbox-input"
            data-error={hasError || undefined}
            data-with-error-styles="true"
            id={inputId}
            aria-describedby={hasError ? errorId : undefined}
            type="checkbox"
          />
          <svg
            viewBox="0 0 10 7"
            fill="none"
            xmlns="http://www.w3.org/2000/svg"
            aria-hidden="true"
            className="m_bf295423 mantine-Checkbox-icon"
          >
            <path
              d="M4 4.586L1.707 2.293A1 1 0 1 0 .293 3.707l3 3a.997.997 0 0 0 1.414 0l5-5A1 1 0 1 0 8.293.293L4 4.586z"
              fill="currentColor"
              fillRule="evenodd"
              clipRule="evenodd"
            />
          </svg>
        </div>
        <div className="m_d3ea56bb mantine-Checkbox-labelWrapper">
          <label className="m_8ee546b8 mantine-Checkbox-label" htmlFor={inputId}>
            {label}
          </label>
          {hasError && (
            <p
              className="m_8e8a99cc mantine-Checkbox-error m_8f816625 mantine-InputWrapper-error"
              id={errorId}
            >
              {error}
            </p>
          )}
        </div>
      </div>
    </div>
  );
}
