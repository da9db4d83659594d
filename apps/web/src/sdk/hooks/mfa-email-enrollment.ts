import type {
  useAuthActions,
  useLoginActions as useSdkLoginActions,
  useMfaActions,
} from '@frontegg/react-hooks';
import { createApiClient } from '@frontegg/rest-api';
import { APP_NAME } from '../store';
import { describeError } from './types';

// A forced login's email-code enrollment (useMfaFlow in mfa.ts loads it when used): a module of its own,
// so that the step-up page, which only verifies, goes without it (issue 17).

interface EmailEnrollmentActions {
  loginActions: ReturnType<typeof useSdkLoginActions>;
  authActions: ReturnType<typeof useAuthActions>;
  mfaActions: ReturnType<typeof useMfaActions>;
}

/**
 * Email-code enrollment during a forced login. The store's verifyMFAEmailCodeForLogin treats it as a
 * verification and goes straight on to the application, so the recovery code the server answers with
 * was never shown (SPEC section 4: "After enrollment: recoveryCode"). Like the store does after the
 * other enrollments, the user is kept and the recoveryCode step shows; 'Continue' goes on.
 */
export async function enrollEmailCodeForLogin(
  body: { mfaToken: string; otcToken: string; code: string; rememberDevice: boolean },
  { loginActions, authActions, mfaActions }: EmailEnrollmentActions,
): Promise<void> {
  loginActions.setLoginState({ loading: true, error: undefined });
  try {
    const answer = await createApiClient(APP_NAME).auth.verifyMFAEmailCodeV2(body);
    const recoveryCode = (answer.user as { recoveryCode?: string }).recoveryCode;
    if (!recoveryCode) {
      await loginActions.handleVerifyMFAResponse(answer);
    } else {
      mfaActions.setMfaState({
        step: 'recoveryCode' as never,
        recoveryCode,
        error: undefined,
        saving: false,
      });
      authActions.setUser(answer.user);
      authActions.setTenantsState({
        tenants: answer.tenants ?? [],
        activeTenant: answer.activeTenant,
        loading: false,
      });
      // As the store does for every signed-in user.
      if (answer.user.id) localStorage.setItem('userId', answer.user.id);
    }
    loginActions.setLoginState({ loading: false, error: undefined });
  } catch (error) {
    loginActions.setLoginState({ loading: false, error: describeError(error) ?? undefined });
  }
}
