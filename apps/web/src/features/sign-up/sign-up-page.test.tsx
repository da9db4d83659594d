import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderScreen } from '../../testing/render';
import { SignUpPage } from './sign-up-page';

vi.mock('../../sdk', () => ({
  useAuthState: () => ({ isLoading: false, isAuthenticated: false, user: null }),
  useSignUp: () => ({
    loading: false,
    error: null,
    stage: 'SignUp',
    shouldActivate: false,
    allowSignUps: true,
    identifiers: {
      phoneNumber: { enabled: false, required: false },
      username: { enabled: false, required: false },
    },
    signUp: vi.fn(),
    reset: vi.fn(),
  }),
}));
vi.mock('../../sdk/hooks/invite-link', () => ({
  useInviteLinkCheck: (token: string | null) =>
    token ? { status: 'valid', accountName: 'Acme' } : { status: 'none' },
}));

const socialButtons = <a href="https://idp.example.test/authorize">Continue with Google</a>;

describe('/account/sign-up with social logins (issue 13)', () => {
  it('offers the social logins under the form', () => {
    renderScreen(<SignUpPage otherOptions={socialButtons} />, { route: '/account/sign-up' });
    expect(screen.getByRole('heading', { name: 'Get started for free!' })).toBeInTheDocument();
    const link = screen.getByRole('link', { name: 'Continue with Google' });
    const submit = screen.getByRole('button', { name: /sign up/i });
    expect(submit.compareDocumentPosition(link) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('not when joining through an invite link, whose token only the form carries', () => {
    renderScreen(<SignUpPage otherOptions={socialButtons} />, {
      route: '/account/sign-up?invitationToken=tok',
    });
    expect(screen.queryByRole('link', { name: 'Continue with Google' })).not.toBeInTheDocument();
  });

  it('joining through an invite link: its card, loaded then, with a form that asks no company', async () => {
    renderScreen(<SignUpPage otherOptions={socialButtons} />, {
      route: '/account/sign-up?invitationToken=tok',
    });
    expect(await screen.findByRole('form', { name: 'Sign up' })).toBeInTheDocument();
    expect(screen.getByText('Acme').parentElement).toHaveTextContent(/^Join Acme on Brizo FoodMetrics$/);
    expect(screen.queryByLabelText(/Company name/)).not.toBeInTheDocument();
    expect(screen.getByLabelText(/Work email/)).toBeInTheDocument();
  });
});
