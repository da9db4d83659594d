import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderScreen } from '../../testing/render';
import { FormDialog } from './form-dialog';
import { NameInput, useNameField } from './name-field';

function NameDialog({ onSend, pending = false }: { onSend: (name: string) => void; pending?: boolean }) {
  const name = useNameField('');
  return (
    <FormDialog
      title="Create group"
      submission={{ pending, error: null }}
      submitLabel="Create group"
      onSubmit={() => {
        const trimmed = name.check();
        if (trimmed !== null) onSend(trimmed);
      }}
      onClose={() => undefined}
    >
      <NameInput field={name} />
    </FormDialog>
  );
}

// user-event on a busy two-core machine can pass vitest's 5 s default.
describe('FormDialog with its NameInput', { timeout: 20_000 }, () => {
  // An empty field is the browser's to refuse (required); a name of spaces is the form's.
  it('says "Name is required" for a blank name and sends nothing; typing clears it; Enter sends the trimmed name', async () => {
    const onSend = vi.fn();
    renderScreen(<NameDialog onSend={onSend} />);
    const user = userEvent.setup();
    const dialog = await screen.findByRole('dialog', { name: 'Create group' });
    const name = screen.getByRole('textbox', { name: /Name/ });

    await user.type(name, '   ');
    await user.click(screen.getByRole('button', { name: 'Create group' }));
    expect(dialog).toHaveTextContent('Name is required');
    expect(onSend).not.toHaveBeenCalled();

    await user.type(name, 'Buyers  ');
    expect(dialog).not.toHaveTextContent('Name is required');
    await user.keyboard('{Enter}');
    expect(onSend).toHaveBeenCalledWith('Buyers');
  });

  it('turns Cancel off while the form is being sent', async () => {
    renderScreen(<NameDialog onSend={() => undefined} pending />);
    await screen.findByRole('dialog', { name: 'Create group' });
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeDisabled();
  });
});
