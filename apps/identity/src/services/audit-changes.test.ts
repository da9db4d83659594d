import { describe, expect, it } from 'vitest';
import { auditChange, MASKED } from './audit-changes.js';

describe('auditChange (issue 14: an admin change as json.before and json.after)', () => {
  it('keeps only the fields that changed, a missing field counting as null', () => {
    expect(
      auditChange(
        { name: 'Auditors', description: 'first', color: null },
        { name: 'Auditors', description: 'second', color: '#fff' },
      ),
    ).toEqual({
      before: { description: 'first', color: null },
      after: { description: 'second', color: '#fff' },
    });
    expect(auditChange({ a: 1 }, { a: 1, b: 2 })).toEqual({ before: { b: null }, after: { b: 2 } });
    expect(auditChange({ a: [1, 2] }, { a: [1, 2] })).toEqual({ before: {}, after: {} });
  });

  it('gives a creation and a deletion whole, with null on the other side', () => {
    expect(auditChange(null, { name: 'x', skipped: undefined })).toEqual({
      before: null,
      after: { name: 'x' },
    });
    expect(auditChange({ name: 'x' }, null)).toEqual({ before: { name: 'x' }, after: null });
  });

  it('compares and writes dates as JSON does', () => {
    const at = new Date('2026-01-02T03:04:05.000Z');
    expect(auditChange({ at: new Date(at) }, { at })).toEqual({ before: {}, after: {} });
    expect(auditChange({ at: null }, { at })).toEqual({
      before: { at: null },
      after: { at: '2026-01-02T03:04:05.000Z' },
    });
  });

  it('masks secrets, also nested ones, yet says that they changed; an absent secret stays null', () => {
    const change = auditChange(
      { clientSecret: null, options: { privateKey: 'k1', teamId: 't' }, tokenHash: 'h1' },
      { clientSecret: 'sealed', options: { privateKey: 'k2', teamId: 't' }, tokenHash: 'h2' },
    );
    expect(change).toEqual({
      before: { clientSecret: null, options: { privateKey: MASKED, teamId: 't' }, tokenHash: MASKED },
      after: { clientSecret: MASKED, options: { privateKey: MASKED, teamId: 't' }, tokenHash: MASKED },
    });
    expect(JSON.stringify(change)).not.toMatch(/sealed|k1|k2|h1|h2/);
    expect(auditChange(null, { password: 'hunter2', secretKey: 's' })).toEqual({
      before: null,
      after: { password: MASKED, secretKey: MASKED },
    });
  });

  it('summarises long values (metadata documents, images) by their length', () => {
    const logo = `data:image/png;base64,${'A'.repeat(1000)}`;
    expect(auditChange({ logo: null }, { logo })).toEqual({
      before: { logo: null },
      after: { logo: `[${logo.length} characters]` },
    });
  });
});
