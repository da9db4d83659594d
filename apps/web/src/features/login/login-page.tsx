import { lazy, Suspense, useDeferredValue, useEffect, useState, type ReactNode } from 'react';
import { lazyWithTheme } from '../../app/lazy-with-theme';
import { useLocation, useNavigate } from '../../app/navigation';
import { paths } from '../../lib/paths';
import { AuthCard } from '../../components/auth-card';
import { Loader, Stack, Text } from '../../components/plain-ui';
import { LoadingScreen } from '../../components/loading-screen';
import { NotAvailableCard } from '../../components/not-available-card';
import { SSO_FAILED_TITLE } from '../../components/sso-failed-title';
import { useConfig } from '../../lib/config';
import { useRedirectUrlRule } from '../../lib/redirect-url';
import {
  useAuthState,
  useLoginBoxLook,
  useLoginActions,
  useLoginState,
  useUsernameLogin,
  type LoginStepName,
} from '../../sdk';
import { usePasskeysOffered, useSocialLoginsOffered } from '../../sdk';
import { passwordLifecycleSteps } from '../password-lifecycle/titles';
import {
  isPasswordlessStep,
  passwordlessStepTitles,
  PasswordlessStepScreen,
  QuickSmsOption,
} from '../passwordless';
import { IdentifierStep } from './identifier-step';
import { LoginFooter } from './login-footer';
import { LOGIN_SUBTITLE, LOGIN_TITLE } from './login-shell';
import { PasswordStep, RedirectToSsoStep } from './password-step';

// Rarely used steps load on demand: nothing of them lands in the login page's entry chunk.
// Those built from Mantine's components load with Mantine's theme provider (lazyWithTheme).
const PasswordLifecycleStep = lazyWithTheme(() =>
  import('../password-lifecycle').then((m) => m.PasswordLifecycleStep),
);

const PasskeySignIn = lazyWithTheme(() => import('../passkeys').then((m) => m.PasskeySignIn));
const PromptPasskeysStep = lazyWithTheme(() => import('../passkeys').then((m) => m.PromptPasskeysStep));

// Issue 13: the providers' buttons load only when the vendor has an active social login. Plain elements
// (src/components/plain-ui-social.tsx), like the MFA steps below: they load without Mantine's provider.
const SocialLoginButtons = lazy(() =>
  import('../social-login').then((m) => ({ default: m.SocialLoginButtons })),
);

const SsoFailed = lazyWithTheme(() => import('../../components/sso-failed').then((m) => m.SsoFailed));

const MfaLoginStep = lazy(() => import('../mfa').then((m) => ({ default: m.MfaLoginStep })));
const RecoverTwoFactorStep = lazy(() => import('../mfa').then((m) => ({ default: m.RecoverTwoFactorStep })));

/** How long an already signed-in visitor waits for the store's own redirect before we send them home. */
const SIGNED_IN_FALLBACK_MS = 1000;

interface StepView {
  title: string;
  subtitle?: string;
  body: ReactNode;
}

/**
 * The login box. The store decides the step (SPEC section 2, "Flow steps"); this is the one
 * place that maps a step to its screen. Steps not built yet say so instead of failing.
 */
export function LoginPage() {
  const { isLoading, isAuthenticated } = useAuthState();
  const { step, loading, error, email: storedEmail } = useLoginState();
  const actions = useLoginActions();
  const { salesEmail } = useConfig();
  const navigate = useNavigate();
  // SPEC section 5: only a redirectUrl on this origin (or an allowed one) survives to be followed after sign-in.
  useRedirectUrlRule();
  const [email, setEmail] = useState(storedEmail ?? '');
  const passkeysOffered = usePasskeysOffered();
  const socialLoginsOffered = useSocialLoginsOffered();
  const byUsername = useUsernameLogin();
  // Opened through an account's login address (?tenantId=): that account's logo, colour and
  // placement of the other sign-in options. Read once: the steps may drop the query.
  const { search } = useLocation();
  const [tenantId] = useState(() => new URLSearchParams(search).get('tenantId'));
  const look = useLoginBoxLook(tenantId);
  // Under a Username* strategy whatever has no @ is a username.
  const isUsername = byUsername.acceptsUsername && email !== '' && !email.includes('@');

  // A signed-in visitor who lands here is sent on by the store after login; if nothing
  // moves them (e.g. they followed a link here), go to the redirect screen ourselves.
  const waitingForRedirect = isAuthenticated && (step === 'preLogin' || step === 'success');
  useEffect(() => {
    if (!waitingForRedirect) return;
    const timer = setTimeout(() => navigate(paths.home, { replace: true }), SIGNED_IN_FALLBACK_MS);
    return () => clearTimeout(timer);
  }, [waitingForRedirect, navigate]);

  const isReady = !isLoading && !waitingForRedirect && Boolean(look);
  // The card's first render, the page's largest, runs at background priority: React builds it in
  // slices and lets the browser paint and take input between them, where an urgent render would
  // hold the main thread for the whole card (issue 10, Lighthouse's total blocking time). Loading
  // again shows the loading screen at once.
  const wasReady = useDeferredValue(isReady);
  if (!isReady || !wasReady || !look) return <LoadingScreen />;

  const restart = () => actions.restart();
  const view = ((): StepView => {
    switch (step) {
      case 'preLogin': {
        const otherOptions = (
          <>
            <QuickSmsOption />
            {passkeysOffered && (
              <Suspense fallback={null}>
                <PasskeySignIn placement={look.placement} />
              </Suspense>
            )}
            {socialLoginsOffered && (
              <Suspense fallback={null}>
                <SocialLoginButtons placement={look.placement} />
              </Suspense>
            )}
          </>
        );
        return {
          title: LOGIN_TITLE,
          subtitle: LOGIN_SUBTITLE,
          body: (
            <>
              {look.placement === 'top' && otherOptions}
              <IdentifierStep
                defaultEmail={email}
                loading={loading}
                error={error}
                acceptsUsername={byUsername.acceptsUsername}
                onSubmit={(value) => {
                  setEmail(value);
                  void (byUsername.acceptsUsername ? byUsername.start(value) : actions.preLogin(value));
                }}
              />
              {look.placement === 'bottom' && otherOptions}
            </>
          ),
        };
      }
      case 'loginWithPassword':
        return {
          title: 'Enter your password',
          subtitle: 'Sign in to Brizo FoodMetrics',
          body: (
            <PasswordStep
              email={email}
              loading={loading}
              error={error}
              onSubmit={(password) =>
                void (isUsername ? byUsername.login(email, password) : actions.login(email, password))
              }
              onChangeEmail={restart}
              identifierLabel={isUsername ? 'Username' : 'Email'}
            />
          ),
        };
      case 'redirectToSSO':
        return { title: 'Single sign-on', body: <RedirectToSsoStep /> };
      case 'loginWithSSOFailed':
        // The store redirects to the authenticated URL after 1 s (SPEC section 4 "Login flow").
        return {
          title: SSO_FAILED_TITLE,
          body: (
            <Suspense fallback={<Loader centred />}>
              <SsoFailed onBack={restart} />
            </Suspense>
          ),
        };
      case 'success':
        return {
          title: 'Signing you in',
          body: (
            <Stack
              align="center"
              gap="sm"
              style={{ paddingBlock: 'var(--mantine-spacing-md)' }}
              role="status"
            >
              <Loader />
              <Text dimmed>Signing you in...</Text>
            </Stack>
          ),
        };
      case 'breachedPassword':
      case 'breachedPasswordSuccess':
      case 'passwordRotationExpired':
      case 'passwordRotationNotification':
        return {
          ...passwordLifecycleSteps[step],
          body: (
            <Suspense fallback={<Loader centred />}>
              <PasswordLifecycleStep step={step} email={email} />
            </Suspense>
          ),
        };
      case 'loginWithTwoFactor':
      case 'forceTwoFactor':
        return {
          title: step === 'forceTwoFactor' ? 'Set up two-factor authentication' : 'Two-factor authentication',
          body: (
            <Suspense fallback={<Loader centred />}>
              <MfaLoginStep onBack={restart} />
            </Suspense>
          ),
        };
      case 'recoverTwoFactor':
        return {
          title: 'Recover your account',
          body: (
            <Suspense fallback={<Loader centred />}>
              <RecoverTwoFactorStep />
            </Suspense>
          ),
        };
      case 'promptPasskeys':
        return {
          title: 'Sign in faster with a passkey',
          body: (
            <Suspense fallback={<Loader centred />}>
              <PromptPasskeysStep />
            </Suspense>
          ),
        };
      default:
        if (isPasswordlessStep(step)) {
          return {
            title: passwordlessStepTitles[step],
            body: <PasswordlessStepScreen step={step} onRestart={restart} />,
          };
        }
        return {
          title: 'Sign in',
          body: <NotAvailableCard step={step satisfies LoginStepName} onBack={restart} />,
        };
    }
  })();

  return (
    <AuthCard
      logo={look.logo}
      primaryColor={look.primaryColor}
      title={view.title}
      subtitle={view.subtitle}
      footer={<LoginFooter showContactSales={step === 'loginWithPassword'} salesEmail={salesEmail} />}
    >
      {view.body}
    </AuthCard>
  );
}
