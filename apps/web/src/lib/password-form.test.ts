import { describe, expect, it } from 'vitest';
import { minLengthMessage, PASSWORDS_DO_NOT_MATCH, passwordPairProblems } from './password-form';

const messages = {
  passwordRequired: 'Password is required',
  confirmRequired: 'Confirm Password is required',
};
const problems = (password: string, confirmPassword: string, minLength?: number) =>
  passwordPairProblems({ password, confirmPassword }, messages, minLength);

describe('passwordPairProblems', () => {
  it('asks for both fields, the password first of all', () => {
    expect(problems('', '', 8)).toEqual({
      password: 'Password is required',
      confirmPassword: 'Confirm Password is required',
    });
  });

  it('holds the password to the minimum length once the server has sent it', () => {
    expect(problems('abc', '', 8)).toEqual({
      password: minLengthMessage(8),
      confirmPassword: 'Confirm Password is required',
    });
    expect(minLengthMessage(8)).toBe('Password must be at least 8 characters');
    expect(problems('       ', '       ', 8)).toEqual({ password: minLengthMessage(8) });
    expect(problems('abc', 'abc')).toEqual({});
    expect(problems('a', 'a', 1)).toEqual({});
  });

  it('says when the confirmation differs, whatever the password’s own problem', () => {
    expect(problems('abc', 'abd', 8)).toEqual({
      password: minLengthMessage(8),
      confirmPassword: PASSWORDS_DO_NOT_MATCH,
    });
    expect(problems('abcdefghi', 'abd', 8)).toEqual({ confirmPassword: 'Passwords do not match' });
    expect(problems('', 'abd', 8)).toEqual({
      password: 'Password is required',
      confirmPassword: PASSWORDS_DO_NOT_MATCH,
    });
    expect(problems('abcdefghi', 'abcdefghi', 8)).toEqual({});
  });
});
