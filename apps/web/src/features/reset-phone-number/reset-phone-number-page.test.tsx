import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ResetPhoneNumberFlow } from '../../sdk/hooks/reset-phone-number';
import { renderScreen } from '../../testing/render';
import { PHONE_INVALID, PHONE_REQUIRED } from './form-rules';
import { ResetPhoneNumberPage } from './reset-phone-number-page';

const sdk = vi.hoisted(() => ({ flow: null as ResetPhoneNumberFlow | null }));
vi.mock('../../sdk/hooks/reset-phone-number', () => ({ useResetPhoneNumber: () => sdk.flow }));

function flowOf(overrides: Partial<ResetPhoneNumberFlow> = {}): ResetPhoneNumberFlow {
  return {
    step: 'ResetPhoneNumber',
    loading: false,
    error: null,
    email: null,
    sendCode: vi.fn(),
    verifyCode: vi.fn(),
    changePhoneNumber: vi.fn(),
    restart: vi.fn(),
    ...overrides,
  };
}

const show = (flow: ResetPhoneNumberFlow, route = '/account/reset-phone-number') => {
  sdk.flow = flow;
  return renderScreen(<ResetPhoneNumberPage />, { route });
};

beforeEach(() => {
  sdk.flow = null;
});

describe('reset phone number page (SPEC section 4 "Phone reset")', () => {
  it('starts from the email step, prefilled from the link, and mails a code', async () => {
    const flow = flowOf();
    show(flow, '/account/reset-phone-number?email=cook%40acme.test');
    expect(flow.restart).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('heading', { name: 'Reset your phone number' })).toBeInTheDocument();
    const email = screen.getByLabelText('Email');
    expect(email).toHaveValue('cook@acme.test');
    expect(email).toHaveAttribute('autocomplete', 'email');
    await userEvent.click(screen.getByRole('button', { name: 'Send code' }));
    expect(flow.sendCode).toHaveBeenCalledWith('cook@acme.test');
    expect(screen.getByRole('link', { name: 'Back to sign in' })).toHaveAttribute('href', '/account/login');
  });

  it('checks the email before sending (SPEC section 5 messages)', async () => {
    const flow = flowOf();
    show(flow);
    await userEvent.click(screen.getByRole('button', { name: 'Send code' }));
    expect(await screen.findByText('Email is required.')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Email'), 'not-an-email');
    await userEvent.click(screen.getByRole('button', { name: 'Send code' }));
    expect(await screen.findByText('Must be a valid email.')).toBeInTheDocument();
    expect(flow.sendCode).not.toHaveBeenCalled();
  });

  it('verifies the mailed code once six digits are typed or pasted, and can send a new one', async () => {
    const flow = flowOf({ step: 'VerifyResetPhoneNumber', email: 'cook@acme.test' });
    show(flow);
    expect(screen.getByRole('heading', { name: 'Check your email' })).toBeInTheDocument();
    expect(screen.getByText(/We emailed a 6-digit code to cook@acme.test/)).toBeInTheDocument();
    const first = screen.getByRole('textbox', { name: /digit 1 of 6/ });
    expect(first).toHaveAttribute('autocomplete', 'one-time-code');
    await userEvent.click(first);
    await userEvent.paste('482913');
    expect(flow.verifyCode).toHaveBeenCalledWith('482913');
    await userEvent.click(screen.getByRole('button', { name: 'Send a new code' }));
    expect(flow.sendCode).toHaveBeenCalledWith('cook@acme.test');
    await userEvent.click(screen.getByRole('button', { name: 'use a different email' }));
    expect(flow.restart).toHaveBeenCalledTimes(2);
  });

  it("shows the server's error on the code step", () => {
    show(flowOf({ step: 'VerifyResetPhoneNumber', error: 'The code is incorrect or has expired' }));
    expect(screen.getByRole('alert')).toHaveTextContent('The code is incorrect or has expired');
  });

  it('takes the new number in any common notation and refuses one without a country code', async () => {
    const flow = flowOf({ step: 'ChangePhoneNumber', email: 'cook@acme.test' });
    show(flow);
    expect(screen.getByRole('heading', { name: 'Enter your new phone number' })).toBeInTheDocument();
    const phone = screen.getByLabelText('New phone number');
    expect(phone).toHaveAttribute('autocomplete', 'tel');
    expect(phone).toHaveAttribute('type', 'tel');
    await userEvent.click(screen.getByRole('button', { name: 'Save and send code' }));
    expect(await screen.findByText(PHONE_REQUIRED)).toBeInTheDocument();
    await userEvent.type(phone, '555 0100');
    await userEvent.click(screen.getByRole('button', { name: 'Save and send code' }));
    expect(await screen.findByText(PHONE_INVALID)).toBeInTheDocument();
    expect(flow.changePhoneNumber).not.toHaveBeenCalled();
    await userEvent.clear(phone);
    await userEvent.type(phone, '+1 (555) 010-0199');
    await userEvent.click(screen.getByRole('button', { name: 'Save and send code' }));
    expect(flow.changePhoneNumber).toHaveBeenCalledWith('+15550100199');
  });
});
