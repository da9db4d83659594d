import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderScreen } from '../../testing/render';
import { RevertEmailPage } from './revert-email-page';

const revert = vi.hoisted(() => vi.fn());
vi.mock('../../sdk/hooks/email-revert', () => ({ useEmailRevert: () => revert }));

beforeEach(() => {
  revert.mockReset();
});

// user-event on a busy two-core machine can pass vitest's 5 s default.
describe('revert email page (issue 10)', { timeout: 20_000 }, () => {
  it('asks before undoing; then offers the password reset of the answer', async () => {
    revert.mockResolvedValue({ userId: 'u-1', resetToken: 'r-1' });
    renderScreen(<RevertEmailPage />, { route: '/account/revert-email?token=abc' });
    expect(revert).not.toHaveBeenCalled();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Undo the change' }));
    expect(revert).toHaveBeenCalledWith('abc');
    expect(await screen.findByRole('status')).toHaveTextContent(/every session of it is signed out/);
    expect(screen.getByRole('link', { name: 'Choose a new password' })).toHaveAttribute(
      'href',
      '/account/reset-password?userId=u-1&token=r-1',
    );
  });

  it("shows the server's refusal, and a link without a token, with Login and Contact Support", async () => {
    revert.mockImplementation(async () => {
      throw new Error('This link is invalid, has expired or was already used');
    });
    renderScreen(<RevertEmailPage />, { route: '/account/revert-email?token=used' });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Undo the change' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This link is invalid, has expired or was already used',
    );
    expect(screen.getByRole('link', { name: 'Contact Support' })).toBeInTheDocument();
  });

  it('without a token, says the link is invalid', () => {
    renderScreen(<RevertEmailPage />, { route: '/account/revert-email' });
    expect(screen.getByRole('alert')).toHaveTextContent(
      'This link is invalid, has expired or was already used',
    );
    expect(revert).not.toHaveBeenCalled();
  });
});
