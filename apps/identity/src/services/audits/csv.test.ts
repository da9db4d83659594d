import { describe, expect, it } from 'vitest';
import { csvCell, csvFileName, csvRecord } from './csv.js';

describe('the audit CSV export', () => {
  it('quotes fields with commas, quotes or line breaks (RFC 4180)', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvRecord(['a', '', 'b,c'])).toBe('a,,"b,c"\r\n');
  });

  it('starts a cell a spreadsheet would run as a formula with a quote', () => {
    expect(['=1+1', '+1', '-1', '@SUM(A1)', '\t=1', '\r=1'].map(csvCell)).toEqual([
      "'=1+1",
      "'+1",
      "'-1",
      "'@SUM(A1)",
      "'\t=1",
      `"'\r=1"`,
    ]);
    expect(csvCell('a=1')).toBe('a=1');
  });

  it('names the file safely, ending in .csv', () => {
    expect(csvFileName(undefined)).toBe('audits.csv');
    expect(csvFileName('June report')).toBe('June report.csv');
    expect(csvFileName('log.CSV')).toBe('log.CSV');
    expect(csvFileName('../../etc/passwd')).toBe('audits.csv');
    expect(csvFileName('a"b\r\nc;d')).toBe('abcd.csv');
  });
});
