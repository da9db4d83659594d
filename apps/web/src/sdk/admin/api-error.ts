// How the admin sections' calls fail: one Error shape carrying the server's stable errorCode
// (SPEC "one error model": { errors: [message], errorCode }).

/** A failed call: the server's message, and its errorCode when the store kept it. */
export type ApiError = Error & { errorCode?: string };

/** The message of a store error (a FronteggApiError, an Error or a string), or null. */
export function errorMessage(error: unknown): string | null {
  if (!error) return null;
  if (typeof error === 'string') return error;
  if (typeof error === 'object' && 'message' in error && typeof error.message === 'string')
    return error.message;
  return 'Unknown error occurred';
}

/**
 * The server's message as an Error that keeps its errorCode: the re-authentication guard and the
 * forms read the code (a field's error goes on its input, any other in the form's alert).
 */
export function apiError(error: unknown, fallback = 'Unknown error occurred'): ApiError {
  const failure: ApiError = new Error(errorMessage(error) ?? fallback);
  if (
    typeof error === 'object' &&
    error !== null &&
    'errorCode' in error &&
    typeof error.errorCode === 'string'
  )
    failure.errorCode = error.errorCode;
  return failure;
}
