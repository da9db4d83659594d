import { generatedLine, type ReportDocument, type ReportSection } from './document.js';

// A small PDF 1.4 writer for the reports (issue 14): A4 pages of text in the two standard fonts every
// reader has (Helvetica and Helvetica-Bold, WinAnsi encoding), so nothing is embedded and no library
// is needed. Tables are drawn as columns of text with a rule under their header.

const PAGE_WIDTH = 595;
const PAGE_HEIGHT = 842;
const MARGIN = 48;
const CONTENT_WIDTH = PAGE_WIDTH - 2 * MARGIN;
/** Helvetica's widest common glyphs average about this share of the font size; cells are cut to fit. */
const AVERAGE_GLYPH = 0.55;

type Font = 'F1' | 'F2';

interface TextRun {
  kind: 'text';
  font: Font;
  size: number;
  x: number;
  y: number;
  text: string;
  gray?: boolean;
}
interface Rule {
  kind: 'rule';
  y: number;
}
type Mark = TextRun | Rule;

/** Characters WinAnsi has outside Latin-1, by their code there. */
const WIN_ANSI_EXTRA: Record<string, number> = {
  '€': 0x80,
  '‚': 0x82,
  '„': 0x84,
  '…': 0x85,
  '‘': 0x91,
  '’': 0x92,
  '“': 0x93,
  '”': 0x94,
  '•': 0x95,
  '–': 0x96,
  '—': 0x97,
  '™': 0x99,
};

/** The text as a PDF string literal's content in WinAnsi: escaped, other characters as "?". */
function pdfString(text: string): string {
  let out = '';
  for (const char of text) {
    const code = char.codePointAt(0) ?? 63;
    let byte: number;
    if (WIN_ANSI_EXTRA[char] !== undefined) byte = WIN_ANSI_EXTRA[char];
    else if ((code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff)) byte = code;
    else byte = 63;
    if (byte === 0x28 || byte === 0x29 || byte === 0x5c) out += '\\';
    out += String.fromCharCode(byte);
  }
  return out;
}

const fitText = (text: string, size: number, width: number): string => {
  const max = Math.max(1, Math.floor(width / (size * AVERAGE_GLYPH)));
  return text.length <= max ? text : `${text.slice(0, Math.max(1, max - 3))}...`;
};

class Pages {
  readonly pages: Mark[][] = [[]];
  private y = PAGE_HEIGHT - MARGIN;

  /** Room for a line of `height`: a new page when the current one is full. */
  advance(height: number): number {
    if (this.y - height < MARGIN) {
      this.pages.push([]);
      this.y = PAGE_HEIGHT - MARGIN;
    }
    this.y -= height;
    return this.y;
  }

  gap(height: number): void {
    this.y -= height;
  }

  add(mark: Mark): void {
    this.pages[this.pages.length - 1]?.push(mark);
  }

  text(font: Font, size: number, x: number, y: number, text: string, gray = false): void {
    this.add({ kind: 'text', font, size, x, y, text, gray });
  }
}

/** Column widths by the length of what they hold, each at least a sixth of an even share. */
function columnWidths(section: Extract<ReportSection, { kind: 'table' }>): number[] {
  const lengths = section.columns.map((column, index) =>
    Math.min(40, Math.max(column.length, ...section.rows.map((row) => (row[index] ?? '').length), 4)),
  );
  const total = lengths.reduce((sum, length) => sum + length, 0);
  return lengths.map((length) => (length / total) * CONTENT_WIDTH);
}

function layOut(doc: ReportDocument): Mark[][] {
  const pages = new Pages();
  pages.text('F2', 18, MARGIN, pages.advance(22), doc.title);
  pages.text('F1', 10, MARGIN, pages.advance(16), doc.subtitle, true);
  for (const section of doc.sections) {
    pages.gap(12);
    pages.text('F2', 13, MARGIN, pages.advance(20), section.heading);
    if (section.kind === 'figures') {
      for (const figure of section.figures) {
        const y = pages.advance(15);
        pages.text('F1', 10, MARGIN, y, fitText(figure.label, 10, 260));
        pages.text('F2', 10, MARGIN + 270, y, fitText(figure.value, 10, CONTENT_WIDTH - 270));
      }
      continue;
    }
    if (section.rows.length === 0) {
      pages.text('F1', 9, MARGIN, pages.advance(14), section.empty, true);
      continue;
    }
    const widths = columnWidths(section);
    const row = (cells: string[], font: Font) => {
      const y = pages.advance(13);
      let x = MARGIN;
      cells.forEach((cell, index) => {
        const width = widths[index] ?? 0;
        pages.text(font, 9, x, y, fitText(cell, 9, width - 6));
        x += width;
      });
      return y;
    };
    const headerY = row(section.columns, 'F2');
    pages.add({ kind: 'rule', y: headerY - 4 });
    for (const cells of section.rows) row(cells, 'F1');
    if (section.note) pages.text('F1', 8, MARGIN, pages.advance(13), section.note, true);
  }
  pages.gap(12);
  pages.text('F1', 8, MARGIN, pages.advance(12), generatedLine(doc), true);
  return pages.pages;
}

const contentOf = (marks: Mark[]): string =>
  marks
    .map((mark) =>
      mark.kind === 'rule'
        ? `0.5 w 0.75 G ${MARGIN} ${mark.y} m ${PAGE_WIDTH - MARGIN} ${mark.y} l S`
        : `BT ${mark.gray ? '0.3' : '0'} g /${mark.font} ${mark.size} Tf 1 0 0 1 ${mark.x.toFixed(1)} ${mark.y.toFixed(1)} Tm (${pdfString(mark.text)}) Tj ET`,
    )
    .join('\n');

/** The report as a PDF file. */
export function reportPdf(doc: ReportDocument): Buffer {
  const pages = layOut(doc);
  const objects: string[] = [];
  const pageIds = pages.map((_, index) => 6 + index * 2);
  objects[1] = '<< /Type /Catalog /Pages 2 0 R >>';
  objects[2] = `<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(' ')}] /Count ${pages.length} >>`;
  objects[3] = '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>';
  objects[4] = '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>';
  objects[5] = `<< /Title (${pdfString(doc.title)}) /Producer (Brizo Access) >>`;
  pages.forEach((marks, index) => {
    const pageId = pageIds[index] ?? 0;
    const content = contentOf(marks);
    objects[pageId] =
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${PAGE_WIDTH} ${PAGE_HEIGHT}] ` +
      `/Resources << /Font << /F1 3 0 R /F2 4 0 R >> >> /Contents ${pageId + 1} 0 R >>`;
    objects[pageId + 1] =
      `<< /Length ${Buffer.byteLength(content, 'latin1')} >>\nstream\n${content}\nendstream`;
  });

  // Every string above holds single bytes (pdfString), so latin1 keeps offsets exact.
  let out = '%PDF-1.4\n%\xe2\xe3\xcf\xd3\n';
  const offsets: number[] = [];
  for (let id = 1; id < objects.length; id += 1) {
    offsets[id] = Buffer.byteLength(out, 'latin1');
    out += `${id} 0 obj\n${objects[id] ?? ''}\nendobj\n`;
  }
  const xrefAt = Buffer.byteLength(out, 'latin1');
  out += `xref\n0 ${objects.length}\n0000000000 65535 f \n`;
  for (let id = 1; id < objects.length; id += 1)
    out += `${String(offsets[id] ?? 0).padStart(10, '0')} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length} /Root 1 0 R /Info 5 0 R >>\nstartxref\n${xrefAt}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}
