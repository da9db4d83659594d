import { appError, errorCatalogue } from '../../../errors.js';

export interface MultipartFile {
  name: string;
  contentType: string;
  data: Buffer;
}

const CRLF = Buffer.from('\r\n');
const HEADER_END = Buffer.from('\r\n\r\n');

/**
 * The parts of a multipart/form-data body (RFC 7578) that carry a Content-Type: enough for the
 * SDK's single-image upload without a multipart dependency. Malformed bodies are a 400.
 */
export function parseMultipartFiles(body: Buffer, contentTypeHeader: string | undefined): MultipartFile[] {
  const boundary = /boundary=(?:"([^"]{1,70})"|([^;\s]{1,70}))/i.exec(contentTypeHeader ?? '');
  const value = boundary?.[1] ?? boundary?.[2];
  if (!value) throw appError(errorCatalogue.request.badRequest, 'A multipart body needs a boundary');
  const delimiter = Buffer.from(`--${value}`);
  const files: MultipartFile[] = [];
  let at = body.indexOf(delimiter);
  while (at !== -1) {
    const start = at + delimiter.length;
    if (body.subarray(start, start + 2).toString('latin1') === '--') return files;
    const next = body.indexOf(Buffer.concat([CRLF, delimiter]), start);
    if (next === -1) break;
    const part = body.subarray(start + CRLF.length, next);
    const headerEnd = part.indexOf(HEADER_END);
    if (headerEnd === -1) break;
    const headers = part.subarray(0, headerEnd).toString('latin1');
    const name = /content-disposition:[^\r\n]*\bname="([^"]*)"/i.exec(headers)?.[1];
    const contentType = /content-type:\s*([^\r\n;]+)/i.exec(headers)?.[1];
    if (name !== undefined && contentType !== undefined) {
      files.push({
        name,
        contentType: contentType.trim(),
        data: part.subarray(headerEnd + HEADER_END.length),
      });
    }
    at = next + CRLF.length;
  }
  throw appError(errorCatalogue.request.badRequest, 'The multipart body is malformed');
}
