import { Button, Stack, Text } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { paths } from '../../app/paths';
import { AuthCard } from '../../components/auth-card';
import { LoadingScreen } from '../../components/loading-screen';
import { useHostedLogin } from '../../sdk';

/**
 * /oauth/callback (SPEC section 2, hosted login redirect): the identity server sends the code
 * here; the store trades it for tokens with the PKCE verifier it kept, then lands the user like
 * any sign-in. Without a code (the server refused, or the address was opened by hand) the user
 * may start again.
 */
export function OAuthCallbackPage() {
  const [params] = useSearchParams();
  const code = params.get('code');
  const { handleCallback } = useHostedLogin();
  const handled = useRef(false);

  useEffect(() => {
    if (!code || handled.current) return;
    // Once: a code is single-use, and StrictMode runs effects twice in development.
    handled.current = true;
    handleCallback(code);
  }, [code, handleCallback]);

  if (code) return <LoadingScreen />;
  const reason = params.get('error_description') ?? params.get('error');
  return (
    <AuthCard title="Sign-in did not complete">
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {reason ?? 'The sign-in page did not send us back a sign-in code.'}
        </Text>
        {/* The home page starts a new authorization (silently, when the session still stands). */}
        <Button component="a" href={paths.home}>
          Sign in again
        </Button>
      </Stack>
    </AuthCard>
  );
}
