import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderScreen } from '../../testing/render';
import { SignUpForm } from './sign-up-form';
import type { ExtraIdentifiers } from './sign-up-schema';

const field = (enabled: boolean, required: boolean) => ({ enabled, required });

function setup(identifiers?: ExtraIdentifiers) {
  const onSubmit = vi.fn();
  const user = userEvent.setup();
  renderScreen(<SignUpForm loading={false} error={null} onSubmit={onSubmit} identifiers={identifiers} />);
  const submit = () => user.click(screen.getByRole('button', { name: 'Sign Up' }));
  return { user, onSubmit, submit };
}

describe('SignUpForm', () => {
  it('shows every required-field message of SPEC section 5 on an empty submit', async () => {
    const { submit, onSubmit } = setup();
    await submit();

    expect(await screen.findByText('Your first name is required.')).toBeInTheDocument();
    expect(screen.getByText('Your last name is required.')).toBeInTheDocument();
    expect(screen.getByText('Company Name is required.')).toBeInTheDocument();
    expect(screen.getByText('Email is required.')).toBeInTheDocument();
    expect(
      screen.getByText('Check the box above to agree to the terms and enable Sign Up'),
    ).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('puts each message on its own input', async () => {
    const { submit } = setup();
    await submit();

    expect(await screen.findByLabelText(/First name/)).toHaveAccessibleDescription(
      'Your first name is required.',
    );
    expect(screen.getByLabelText(/Work email/)).toHaveAccessibleDescription('Email is required.');
    expect(screen.getByLabelText(/Work email/)).toHaveAttribute('aria-invalid', 'true');
  });

  it('rejects an invalid email and a company name shorter than 3 characters', async () => {
    const { user, submit } = setup();
    await user.type(screen.getByLabelText(/Company name/), 'ab');
    await user.type(screen.getByLabelText(/Work email/), 'not-an-email');
    await submit();

    expect(await screen.findByText('Must be a valid email.')).toBeInTheDocument();
    expect(screen.getByText('Company Name must be at least 3 characters.')).toBeInTheDocument();
    expect(screen.queryByText('Email is required.')).not.toBeInTheDocument();
    expect(screen.queryByText('Company Name is required.')).not.toBeInTheDocument();
  });

  it('submits trimmed values once everything is valid (Enter submits)', async () => {
    const { user, onSubmit } = setup();
    await user.type(screen.getByLabelText(/First name/), ' Ada ');
    await user.type(screen.getByLabelText(/Last name/), 'Lovelace');
    await user.type(screen.getByLabelText(/Company name/), 'Analytical Engines');
    await user.click(screen.getByRole('checkbox'));
    await user.type(screen.getByLabelText(/Work email/), 'ada@engines.test{Enter}');

    await vi.waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]?.[0]).toEqual({
      firstName: 'Ada',
      lastName: 'Lovelace',
      companyName: 'Analytical Engines',
      email: 'ada@engines.test',
      acceptTerms: true,
    });
  });

  it('asks no company name of someone joining an account through its invite link', async () => {
    const onSubmit = vi.fn();
    const user = userEvent.setup();
    renderScreen(<SignUpForm loading={false} error={null} onSubmit={onSubmit} joining />);
    expect(screen.queryByLabelText(/Company name/)).not.toBeInTheDocument();
    await user.type(screen.getByLabelText(/First name/), 'Link');
    await user.type(screen.getByLabelText(/Last name/), 'Joiner');
    await user.click(screen.getByRole('checkbox'));
    await user.type(screen.getByLabelText(/Work email/), 'link@acme.test{Enter}');

    await vi.waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]?.[0]).toEqual({
      firstName: 'Link',
      lastName: 'Joiner',
      companyName: '',
      email: 'link@acme.test',
      acceptTerms: true,
    });
  });

  it('gives every input its autocomplete purpose', () => {
    setup();
    expect(screen.getByLabelText(/First name/)).toHaveAttribute('autocomplete', 'given-name');
    expect(screen.getByLabelText(/Last name/)).toHaveAttribute('autocomplete', 'family-name');
    expect(screen.getByLabelText(/Company name/)).toHaveAttribute('autocomplete', 'organization');
    expect(screen.getByLabelText(/Work email/)).toHaveAttribute('autocomplete', 'email');
  });

  it('shows no phone number or username field by default (the product form of SPEC section 2)', () => {
    setup();
    expect(screen.queryByLabelText(/Phone number/)).not.toBeInTheDocument();
    expect(screen.queryByLabelText(/Username/)).not.toBeInTheDocument();
  });

  it('asks for a required phone number and a required username with the SPEC texts', async () => {
    const { submit } = setup({ phoneNumber: field(true, true), username: field(true, true) });
    expect(screen.getByLabelText(/Phone number/)).toHaveAttribute('autocomplete', 'tel');
    await submit();
    expect(await screen.findByText('Phone number is required for phone number signup')).toBeInTheDocument();
    expect(screen.getByText('Username is required for username signup')).toBeInTheDocument();
  });

  it('checks the username rule, and sends an optional username and phone number when typed', async () => {
    const { user, submit, onSubmit } = setup({
      phoneNumber: field(true, false),
      username: field(true, false),
    });
    await user.type(screen.getByLabelText(/First name/), 'Ada');
    await user.type(screen.getByLabelText(/Last name/), 'Lovelace');
    await user.type(screen.getByLabelText(/Company name/), 'Analytical Engines');
    await user.type(screen.getByLabelText(/Work email/), 'ada@engines.test');
    await user.click(screen.getByRole('checkbox'));
    await user.type(screen.getByLabelText(/Username/), 'a b');
    await submit();
    expect(
      await screen.findByText(
        'A username has 3 to 64 characters: letters, digits, dots, dashes and underscores',
      ),
    ).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();

    await user.clear(screen.getByLabelText(/Username/));
    await user.type(screen.getByLabelText(/Username/), 'ada.l');
    await user.type(screen.getByLabelText(/Phone number/), '+1 555 010 0199');
    await submit();
    await vi.waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]?.[0]).toMatchObject({ username: 'ada.l', phoneNumber: '+1 555 010 0199' });
  });
});
