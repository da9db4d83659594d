// A report as one model, written three ways: an HTML page (the preview and the mail), plain text (the
// mail's text part) and a PDF (pdf.ts). Every text from the data is escaped where it is written.

export interface ReportFigure {
  label: string;
  value: string;
}

export type ReportSection =
  | { kind: 'figures'; heading: string; figures: ReportFigure[] }
  | {
      kind: 'table';
      heading: string;
      columns: string[];
      rows: string[][];
      /** What the table says when it has no rows. */
      empty: string;
      /** Said under the table (rows left out, how it is ordered). */
      note?: string;
    };

export interface ReportDocument {
  title: string;
  /** The account and the days covered. */
  subtitle: string;
  generatedAt: Date;
  sections: ReportSection[];
}

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char] ?? char);

/** The report's last line, in every format. */
export const generatedLine = (doc: ReportDocument) =>
  `Generated ${doc.generatedAt.toISOString().replace('T', ' ').slice(0, 16)} UTC by Brizo Access.`;

const STYLE = `
body { font-family: -apple-system, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif; color: #1f2328; margin: 0; background: #ffffff; }
main { max-width: 860px; margin: 0 auto; padding: 24px 16px; }
h1 { font-size: 22px; margin: 0 0 4px; }
h2 { font-size: 16px; margin: 28px 0 8px; }
.subtitle, footer { color: #4b535d; font-size: 13px; margin: 0; }
footer { margin-top: 28px; }
dl { display: flex; flex-wrap: wrap; gap: 12px; margin: 0; }
dl div { border: 1px solid #d0d7de; border-radius: 8px; padding: 10px 14px; min-width: 140px; }
dt { color: #4b535d; font-size: 12px; }
dd { margin: 2px 0 0; font-size: 20px; font-weight: 600; }
.table { overflow-x: auto; }
table { border-collapse: collapse; width: 100%; font-size: 13px; }
th, td { text-align: left; padding: 6px 8px; border-bottom: 1px solid #d0d7de; vertical-align: top; }
th { background: #f3f5f7; }
td { overflow-wrap: anywhere; }
.note, .empty { color: #4b535d; font-size: 12px; margin: 6px 0 0; }
`;

function sectionHtml(section: ReportSection): string {
  const heading = `<h2>${escapeHtml(section.heading)}</h2>`;
  if (section.kind === 'figures') {
    const figures = section.figures
      .map((figure) => `<div><dt>${escapeHtml(figure.label)}</dt><dd>${escapeHtml(figure.value)}</dd></div>`)
      .join('');
    return `<section>${heading}<dl>${figures}</dl></section>`;
  }
  if (section.rows.length === 0)
    return `<section>${heading}<p class="empty">${escapeHtml(section.empty)}</p></section>`;
  const head = section.columns.map((column) => `<th scope="col">${escapeHtml(column)}</th>`).join('');
  const rows = section.rows
    .map((row) => `<tr>${row.map((cell) => `<td>${escapeHtml(cell)}</td>`).join('')}</tr>`)
    .join('');
  const note = section.note ? `<p class="note">${escapeHtml(section.note)}</p>` : '';
  return `<section>${heading}<div class="table"><table><thead><tr>${head}</tr></thead><tbody>${rows}</tbody></table></div>${note}</section>`;
}

/** The report as a standalone HTML page (no script, no outside resource). */
export function reportHtml(doc: ReportDocument): string {
  return [
    '<!doctype html>',
    '<html lang="en"><head><meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(doc.title)}</title><style>${STYLE}</style></head>`,
    `<body><main><header><h1>${escapeHtml(doc.title)}</h1><p class="subtitle">${escapeHtml(doc.subtitle)}</p></header>`,
    ...doc.sections.map(sectionHtml),
    `<footer>${escapeHtml(generatedLine(doc))}</footer></main></body></html>`,
  ].join('');
}

/** The report as plain text (the mail's text part). */
export function reportText(doc: ReportDocument): string {
  const lines = [doc.title, doc.subtitle, ''];
  for (const section of doc.sections) {
    lines.push(section.heading);
    if (section.kind === 'figures') {
      for (const figure of section.figures) lines.push(`  ${figure.label}: ${figure.value}`);
    } else if (section.rows.length === 0) {
      lines.push(`  ${section.empty}`);
    } else {
      lines.push(`  ${section.columns.join(' | ')}`);
      for (const row of section.rows) lines.push(`  ${row.join(' | ')}`);
      if (section.note) lines.push(`  ${section.note}`);
    }
    lines.push('');
  }
  lines.push(generatedLine(doc));
  return lines.join('\n');
}
