// The SDK's steps as plain string unions (SPEC section 2, "Flow steps"), so features compare
// against strings instead of importing the SDK's enums.

export type {
  ActivateStepName,
  ForgotPasswordStepName,
  LoginStepName,
  SignUpStageName,
} from '@brizo/contract/enums';

/**
 * A store error as one line for a form alert. The store keeps either an API error object
 * (`message`: the server's `errors` joined) or a plain string.
 */
export function describeError(error: unknown): string | null {
  if (!error) return null;
  if (typeof error === 'string') return error;
  if (typeof error === 'object' && 'message' in error && typeof error.message === 'string')
    return error.message;
  return 'Unknown error occurred';
}
