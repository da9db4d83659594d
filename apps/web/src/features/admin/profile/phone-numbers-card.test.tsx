import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { PhoneNumbersView } from '../../../sdk/admin/profile';
import { renderScreen } from '../../../testing/render';
import { PhoneNumbersCard } from './phone-numbers-card';

const sdk = vi.hoisted(() => ({ view: null as PhoneNumbersView | null }));
vi.mock('../../../sdk/admin/profile', () => ({ useOwnPhoneNumbers: () => sdk.view }));

const verified = { id: 'phone-1', phoneNumber: '+15550100199', verified: true };
const unverified = { id: 'phone-2', phoneNumber: '+15550100188', verified: false };

function viewOf(overrides: Partial<PhoneNumbersView> = {}): PhoneNumbersView {
  return {
    phoneNumbers: [verified, unverified],
    loading: false,
    error: null,
    load: vi.fn(),
    add: vi.fn(async () => undefined),
    verify: vi.fn(async () => undefined),
    remove: vi.fn(async () => undefined),
    verifyRemoval: vi.fn(async () => undefined),
    ...overrides,
  };
}

const show = (view: PhoneNumbersView) => {
  sdk.view = view;
  renderScreen(<PhoneNumbersCard viewOnly={false} />);
  return userEvent.setup();
};

beforeEach(() => {
  sdk.view = null;
});

// The SDK's verified delete: a verified number goes only with the code texted to it.
describe('PhoneNumbersCard deleting a number', { timeout: 20_000 }, () => {
  it('asks for the texted code before a verified number goes, and keeps a wrong code’s error', async () => {
    const view = viewOf({
      verifyRemoval: vi
        .fn<PhoneNumbersView['verifyRemoval']>()
        .mockRejectedValueOnce(new Error('The code is incorrect or has expired'))
        .mockResolvedValueOnce(undefined),
    });
    const user = show(view);
    await user.click(screen.getByRole('button', { name: `Delete ${verified.phoneNumber}` }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete phone number' });
    expect(dialog).toHaveTextContent('We will text a code to it to confirm.');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(view.remove).toHaveBeenCalledWith(verified.id);
    expect(await within(dialog).findByText(/We texted a 6-digit code/)).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Enter the 6-digit code');
    expect(view.verifyRemoval).not.toHaveBeenCalled();

    await user.click(within(dialog).getByRole('textbox', { name: /digit 1 of 6/ }));
    await user.keyboard('123456');
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'The code is incorrect or has expired',
    );
    expect(view.verifyRemoval).toHaveBeenCalledWith(verified.id, '123456');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(view.verifyRemoval).toHaveBeenCalledTimes(2);
  });

  it('deletes an unverified number after the confirmation alone', async () => {
    const view = viewOf();
    const user = show(view);
    await user.click(screen.getByRole('button', { name: `Delete ${unverified.phoneNumber}` }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete phone number' });
    expect(dialog).not.toHaveTextContent('text a code');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(view.remove).toHaveBeenCalledWith(unverified.id);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(view.verifyRemoval).not.toHaveBeenCalled();
  });
});
