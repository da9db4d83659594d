import { apiError } from './api-error';

/**
 * One call to the identity server, read with `read` (a contract schema's readAnswer): a refused call
 * rejects with the server's message and errorCode, an answer that is not what the contract says with
 * readAnswer's error.
 */
export async function callApi<T>(send: () => Promise<unknown>, read: (answer: unknown) => T): Promise<T> {
  let answer: unknown;
  try {
    answer = await send();
  } catch (error) {
    throw apiError(error);
  }
  return read(answer);
}
