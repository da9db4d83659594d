import { Button, Stack, Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { paths } from '../../lib/paths';
import { AuthCard } from '../../components/auth-card';
import { LoadingScreen } from '../../components/loading-screen';
import { useHostedLoginCallback } from '../../sdk/hooks/hosted-login-callback';

/** A callback this tab did not start, or one already used (a replay, a forged link). */
export const UNKNOWN_CALLBACK_MESSAGE =
  'This sign-in answer was not requested from this browser tab, or it was already used.';
export const NO_CODE_MESSAGE = 'The sign-in page did not send us back a sign-in code.';

/**
 * /oauth/callback (SPEC section 2, hosted login redirect): the identity server sends the code and
 * the state here. The state must be the one this tab sent, then the code is traded for tokens with
 * the PKCE verifier and the user lands like after any sign-in. Anything else says why and offers to
 * start again.
 */
export function OAuthCallbackPage() {
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  // Read once, then out of the address bar: the single-use code must not stay in the history (nor
  // be saved as the query string: product/query-string.ts leaves this page out).
  const [params] = useState(() => new URLSearchParams(search));
  useEffect(() => {
    if (search) void navigate(pathname, { replace: true });
  }, [search, pathname, navigate]);
  const code = params.get('code');
  const state = params.get('state');
  const handleCallback = useHostedLoginCallback();
  const handled = useRef(false);
  const [failure, setFailure] = useState<string | null>(null);

  useEffect(() => {
    if (!code || handled.current) return;
    // Once: a code is single-use, and StrictMode runs effects twice in development.
    handled.current = true;
    void handleCallback({ code, state }).then((outcome) => {
      if (outcome.ok) return;
      setFailure(
        outcome.reason === 'state' ? UNKNOWN_CALLBACK_MESSAGE : (outcome.message ?? NO_CODE_MESSAGE),
      );
    });
  }, [code, state, handleCallback]);

  if (code && !failure) return <LoadingScreen />;
  const reason = failure ?? params.get('error_description') ?? params.get('error') ?? NO_CODE_MESSAGE;
  return (
    <AuthCard title="Sign-in did not complete">
      <Stack gap="md">
        <Text size="sm" c="dimmed" role="alert">
          {reason}
        </Text>
        {/* The home page starts a new authorization (silently, when the session still stands). */}
        <Button component="a" href={paths.home}>
          Sign in again
        </Button>
      </Stack>
    </AuthCard>
  );
}
