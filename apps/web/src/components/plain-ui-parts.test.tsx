import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { TextField } from './plain-ui';
import { Code, CopyButton } from './plain-ui-copy';
import { Checkbox, TwoColumnGrid } from './plain-ui-extra';
import { ButtonAnchor, Divider } from './plain-ui-social';

// The plain parts keep what Mantine's components gave: labels, error ties and the copy button's state.

describe('plain parts in place of Mantine components (issue 17)', () => {
  it('a text field ties its description and its error to the input', () => {
    render(<TextField label="Username" description="3 to 64 letters" error="Too short" />);
    const input = screen.getByLabelText('Username');
    expect(input).toHaveAccessibleDescription('Too short 3 to 64 letters');
    expect(input).toHaveAttribute('aria-invalid', 'true');
  });

  it('a checkbox is labelled, ticks, and carries its error', async () => {
    const onChange = vi.fn();
    render(<Checkbox label="I agree" error="Check the box" onChange={onChange} />);
    const box = screen.getByRole('checkbox', { name: 'I agree' });
    expect(box).toHaveAccessibleDescription('Check the box');
    await userEvent.click(box);
    expect(box).toBeChecked();
    expect(onChange).toHaveBeenCalledTimes(1);
  });

  it('the grid, the divider and the link button keep the class names and roles of Mantine', () => {
    render(
      <>
        <TwoColumnGrid>
          <span>cell</span>
        </TwoColumnGrid>
        <Divider label="or" />
        <ButtonAnchor href="https://idp.example.test/authorize" variant="default" leftSection={<svg />}>
          Continue with Google
        </ButtonAnchor>
      </>,
    );
    expect(screen.getByText('cell').parentElement).toHaveClass('m_2415a157');
    expect(screen.getByRole('separator')).toHaveTextContent('or');
    const link = screen.getByRole('link', { name: 'Continue with Google' });
    expect(link).toHaveAttribute('href', 'https://idp.example.test/authorize');
    expect(link).toHaveAttribute('data-with-left-section', 'true');
  });

  it('the copy button copies its value and says so for a second', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const writeText = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText } });
    render(
      <>
        <Code data-testid="key">ABCD EFGH</Code>
        <CopyButton value="ABCDEFGH">
          {({ copied, copy }) => (
            <button type="button" onClick={copy}>
              {copied ? 'Copied' : 'Copy key'}
            </button>
          )}
        </CopyButton>
      </>,
    );
    expect(screen.getByTestId('key').tagName).toBe('CODE');
    await userEvent.click(screen.getByRole('button', { name: 'Copy key' }));
    expect(writeText).toHaveBeenCalledWith('ABCDEFGH');
    expect(await screen.findByRole('button', { name: 'Copied' })).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(screen.getByRole('button', { name: 'Copy key' })).toBeInTheDocument();
    vi.useRealTimers();
  });
});
