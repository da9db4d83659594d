import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { UNDER_REVIEW_MESSAGE } from '../../product';
import { renderScreen } from '../../testing/render';
import { ACTIVATION_MAIL, ACTIVATION_MAIL_TRIAL, SignUpSuccess } from './sign-up-success';

const resend = vi.hoisted(() => vi.fn());
vi.mock('../../sdk/hooks/resend-activation-link', () => ({ useResendActivationLink: () => resend }));

describe('after a sign-up activated by link (walk-through defects)', () => {
  it('a work email is promised its free trial', () => {
    renderScreen(<SignUpSuccess email="ada@acme-foods.test" isPersonalEmail={false} />);
    expect(screen.getByRole('heading', { name: 'Please check your inbox!' })).toBeInTheDocument();
    expect(screen.getByText(ACTIVATION_MAIL_TRIAL)).toBeInTheDocument();
    expect(screen.queryByText(UNDER_REVIEW_MESSAGE, { exact: false })).not.toBeInTheDocument();
  });

  it('a personal email is told it goes to review, not to a trial (SPEC section 6)', () => {
    renderScreen(<SignUpSuccess email="bob@gmail.com" isPersonalEmail />);
    const card = screen.getByRole('main');
    expect(card).toHaveTextContent(ACTIVATION_MAIL);
    expect(card).toHaveTextContent(UNDER_REVIEW_MESSAGE);
    expect(card).not.toHaveTextContent('free trial');
  });
});
