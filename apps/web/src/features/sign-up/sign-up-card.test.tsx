import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { InviteLinkCheck } from '../../sdk/hooks/invite-link';
import { renderScreen } from '../../testing/render';
import { InviteSignUpCard } from './invite-sign-up-card';
import { SignUpCard } from './sign-up-card';

const renderCard = (invite: InviteLinkCheck) =>
  renderScreen(
    invite.status === 'none' ? (
      <SignUpCard>
        <form aria-label="Sign up" />
      </SignUpCard>
    ) : (
      <InviteSignUpCard invite={invite}>
        <form aria-label="Sign up" />
      </InviteSignUpCard>
    ),
  );

describe('SignUpCard and InviteSignUpCard (issue 4: signing up through an account invite link)', () => {
  it('without an invite link: the ordinary sign-up of SPEC section 2', () => {
    renderCard({ status: 'none' });
    expect(screen.getByRole('heading', { name: 'Get started for free!' })).toBeInTheDocument();
    expect(screen.getByText('Create your Brizo FoodMetrics account')).toBeInTheDocument();
    expect(screen.getByRole('form', { name: 'Sign up' })).toBeInTheDocument();
  });

  it('while the link is checked: no form yet', () => {
    renderCard({ status: 'checking' });
    expect(screen.getByRole('status')).toHaveTextContent('Checking your invitation...');
    expect(screen.queryByRole('form', { name: 'Sign up' })).not.toBeInTheDocument();
  });

  it('a valid link: the form, under the name of the account the person joins', () => {
    renderCard({ status: 'valid', accountName: 'Harbour Kitchens' });
    expect(screen.getByRole('heading', { name: 'Get started for free!' })).toBeInTheDocument();
    const accountName = screen.getByText('Harbour Kitchens');
    expect(accountName.tagName).toBe('STRONG');
    expect(accountName.parentElement).toHaveTextContent(/^Join Harbour Kitchens on Brizo FoodMetrics$/);
    expect(screen.getByRole('form', { name: 'Sign up' })).toBeInTheDocument();
  });

  it('an unknown, replaced or expired link: the reason and a way out, no form', () => {
    renderCard({ status: 'invalid', error: "We couldn't verify your invitation" });
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent("We couldn't verify your invitation");
    expect(alert).toHaveTextContent(
      "This invite link is unknown, was replaced by a newer one or has expired. Ask the account's administrator for a new link.",
    );
    expect(screen.getByRole('link', { name: 'Contact Support' })).toHaveAttribute(
      'href',
      expect.stringContaining('mailto:support@brizo.test'),
    );
    expect(screen.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/account/login');
    expect(screen.queryByRole('form', { name: 'Sign up' })).not.toBeInTheDocument();
  });

  it('any other failure (the server unreachable, too many tries) says what went wrong', () => {
    renderCard({ status: 'invalid', error: 'Too many requests, please try again later' });
    expect(screen.getByRole('alert')).toHaveTextContent('Too many requests, please try again later');
    expect(screen.queryByRole('form', { name: 'Sign up' })).not.toBeInTheDocument();
  });
});
