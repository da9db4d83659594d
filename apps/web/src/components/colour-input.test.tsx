import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { theme } from '../app/theme';
import { ColourInput } from './colour-input';

function ColourForm({ onSubmit }: { onSubmit: (colour: string) => void }) {
  const [colour, setColour] = useState('#1c7ed6');
  return (
    <form
      aria-label="Look"
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit(colour);
      }}
    >
      <ColourInput label="Primary colour" format="hex" value={colour} onChange={setColour} />
      <button type="submit">Save</button>
    </form>
  );
}

function setup() {
  const onSubmit = vi.fn();
  const user = userEvent.setup();
  // env="test": the picker renders in place, without the portal and transition jsdom cannot run.
  render(
    <MantineProvider theme={theme} env="test">
      <ColourForm onSubmit={onSubmit} />
    </MantineProvider>,
  );
  const field = screen.getByLabelText('Primary colour');
  // The picker's saturation and hue sliders are there only while it is open.
  const picker = () => screen.queryAllByRole('slider');
  return { user, onSubmit, field, picker };
}

describe('ColourInput (the custom login tab’s primary colour)', () => {
  it('opens the picker on focus, and Escape closes it with the typed colour kept', async () => {
    const { user, field, picker } = setup();
    await user.click(field);
    expect(picker()).not.toHaveLength(0);

    await user.clear(field);
    await user.type(field, '#6a1b9a');
    await user.keyboard('{Escape}');
    expect(picker()).toHaveLength(0);
    expect(field).toHaveValue('#6a1b9a');
    expect(field).toHaveFocus();
  });

  it('Enter closes an open picker without submitting; a second Enter submits', async () => {
    const { user, field, picker, onSubmit } = setup();
    await user.click(field);
    await user.clear(field);
    await user.type(field, '#6a1b9a{Enter}');
    expect(picker()).toHaveLength(0);
    expect(onSubmit).not.toHaveBeenCalled();

    await user.keyboard('{Enter}');
    expect(onSubmit).toHaveBeenCalledWith('#6a1b9a');
  });

  it('a click on the field opens the picker again after Escape', async () => {
    const { user, field, picker } = setup();
    await user.click(field);
    await user.keyboard('{Escape}');
    expect(picker()).toHaveLength(0);
    await user.click(field);
    expect(picker()).not.toHaveLength(0);
  });
});
