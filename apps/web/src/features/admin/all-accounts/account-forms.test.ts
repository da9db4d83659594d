import { describe, expect, it } from 'vitest';
import { parseEmails } from './account-forms';

describe('parseEmails (issue 15, add users to a sub-account)', () => {
  it('reads emails separated by commas, semicolons or new lines, once each', () => {
    expect(parseEmails(' ana@harbour.test, bo@harbour.test;\nana@harbour.test ')).toEqual({
      emails: ['ana@harbour.test', 'bo@harbour.test'],
    });
  });

  it('says what is wrong', () => {
    expect(parseEmails('  ')).toEqual({ error: 'Enter at least one email' });
    expect(parseEmails('ana@harbour.test, not-an-email')).toEqual({
      error: 'not-an-email is not a valid email',
    });
  });
});
