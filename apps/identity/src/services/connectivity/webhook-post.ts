import { performance } from 'node:perf_hooks';
import { OutboundRefusedError, type OutboundFetch } from '../../lib/outbound.js';

// One POST to a receiver (a delivery attempt or a test), through the SSRF-guarded outbound fetch: no
// private address unless allowed, no redirect followed (a 3xx is a failure), a time limit. Whatever
// happens comes back as a result to log, never as an exception.

/** What the log keeps of the receiver's answer. */
export const RESPONSE_BODY_LIMIT = 4096;

export interface PostResult {
  statusCode: number | null;
  responseBody: string;
  error: string | null;
  durationMs: number;
}

async function readLimited(response: Response, limit: number): Promise<string> {
  const reader = response.body?.getReader();
  if (!reader) return '';
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    while (size < limit) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      size += value.byteLength;
    }
  } finally {
    await reader.cancel().catch(() => {});
  }
  return Buffer.concat(chunks).subarray(0, limit).toString('utf8');
}

function describeFailure(error: unknown, timeoutMs: number): string {
  if (error instanceof OutboundRefusedError) return `Refused: ${error.message}`;
  if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError'))
    return `The receiver did not answer within ${timeoutMs} ms`;
  const cause =
    error instanceof Error ? (error.cause as { code?: string; message?: string } | undefined) : undefined;
  const detail = cause?.code ?? cause?.message ?? (error instanceof Error ? error.message : String(error));
  return `The request failed: ${detail}`;
}

export async function postToReceiver(
  outbound: OutboundFetch,
  request: { url: string; headers: Record<string, string>; body: string; timeoutMs: number },
): Promise<PostResult> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  try {
    const response = await outbound(request.url, {
      method: 'POST',
      headers: request.headers,
      body: request.body,
      redirect: 'manual',
      timeoutMs: request.timeoutMs,
    });
    const responseBody = await readLimited(response, RESPONSE_BODY_LIMIT);
    const redirected = response.status >= 300 && response.status < 400;
    return {
      statusCode: response.status,
      responseBody,
      error: redirected ? 'Redirects are not followed' : null,
      durationMs: elapsed(),
    };
  } catch (error) {
    return {
      statusCode: null,
      responseBody: '',
      error: describeFailure(error, request.timeoutMs),
      durationMs: elapsed(),
    };
  }
}
