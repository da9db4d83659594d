import { describe, expect, it } from 'vitest';
import { reportHtml, reportText, type ReportDocument } from './document.js';
import { reportPdf } from './pdf.js';

const doc = (rows: string[][]): ReportDocument => ({
  title: 'Audit digest',
  subtitle: 'Acme <Foods> · 2026-01-01 to 2026-01-31 (UTC)',
  generatedAt: new Date('2026-02-01T08:00:00Z'),
  sections: [
    { kind: 'figures', heading: 'Events', figures: [{ label: 'All events', value: '1,204' }] },
    {
      kind: 'table',
      heading: 'Events by action',
      columns: ['Action', 'Events'],
      rows,
      empty: 'No audit events in this period.',
    },
  ],
});

/** The objects of a PDF by number, checked against its cross-reference table. */
function readPdf(pdf: Buffer): { objects: Map<number, string>; text: string } {
  const text = pdf.toString('latin1');
  const xrefAt = Number(/startxref\n(\d+)\n%%EOF\n$/.exec(text)?.[1]);
  expect(text.slice(xrefAt, xrefAt + 4)).toBe('xref');
  const [, first, count] = /^xref\n(\d+) (\d+)\n/.exec(text.slice(xrefAt)) ?? [];
  expect(first).toBe('0');
  const entries = text
    .slice(xrefAt)
    .split('\n')
    .slice(2, 2 + Number(count));
  const objects = new Map<number, string>();
  entries.forEach((entry, id) => {
    if (id === 0) return;
    const offset = Number(entry.slice(0, 10));
    // Each entry points at the start of its object.
    expect(text.slice(offset, offset + `${id} 0 obj`.length)).toBe(`${id} 0 obj`);
    objects.set(id, text.slice(offset, text.indexOf('endobj', offset)));
  });
  return { objects, text };
}

describe('a report written as HTML, text and PDF (issue 14)', () => {
  it('escapes every text of the data in the HTML page', () => {
    const html = reportHtml(doc([['<script>alert(1)</script>', '3']]));
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).toContain('Acme &lt;Foods&gt;');
    expect(html).not.toContain('<script>');
    expect(html).toContain('<th scope="col">Action</th>');
    expect(html).toMatch(/^<!doctype html><html lang="en">/);
  });

  it('says so when a table has no rows', () => {
    expect(reportHtml(doc([]))).toContain('No audit events in this period.');
    expect(reportText(doc([]))).toContain('  No audit events in this period.');
  });

  it('writes the text part line by line', () => {
    const text = reportText(doc([['User logged in', '12']]));
    expect(text.split('\n').slice(0, 2)).toEqual([
      'Audit digest',
      'Acme <Foods> · 2026-01-01 to 2026-01-31 (UTC)',
    ]);
    expect(text).toContain('  All events: 1,204');
    expect(text).toContain('  Action | Events\n  User logged in | 12');
    expect(text).toContain('Generated 2026-02-01 08:00 UTC by Brizo Access.');
  });

  it('writes a PDF whose cross-reference table points at each object, with the text in it', () => {
    const pdf = reportPdf(doc([['User logged in (password)', '12']]));
    expect(pdf.subarray(0, 8).toString('latin1')).toBe('%PDF-1.4');
    const { objects, text } = readPdf(pdf);
    expect(objects.get(1)).toContain('/Type /Catalog');
    expect(objects.get(2)).toContain('/Count 1');
    expect(text).toContain('(Audit digest) Tj');
    // Parentheses are escaped; the middle dot is WinAnsi's 0xB7.
    expect(text).toContain('(User logged in \\(password\\)) Tj');
    expect(text).toContain('(Acme <Foods> \xb7 2026-01-01 to 2026-01-31 \\(UTC\\)) Tj');
    // Each content stream's /Length is its byte length.
    const content = objects.get(7) ?? '';
    const length = Number(/\/Length (\d+)/.exec(content)?.[1]);
    expect(content.indexOf('\nendstream') - (content.indexOf('stream\n') + 'stream\n'.length)).toBe(length);
  });

  it('continues a long table on new pages, and replaces characters the fonts lack', () => {
    const rows = Array.from({ length: 150 }, (_, index) => [`Action ${index} 日本`, String(index)]);
    const { objects, text } = readPdf(reportPdf(doc(rows)));
    const pages = Number(/\/Count (\d+)/.exec(objects.get(2) ?? '')?.[1]);
    expect(pages).toBeGreaterThan(1);
    expect(text).toContain('(Action 149 ??) Tj');
  });
});
