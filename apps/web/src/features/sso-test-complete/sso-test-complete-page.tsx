import { Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { AuthCard } from '../../components/auth-card';
import { SSO_TEST_MESSAGE_TYPE, type SsoTestMessage } from '../../lib/sso-test-message';

/** How long the window stays open after telling the portal, so the administrator sees it finished. */
export const CLOSE_DELAY_MS = 1_500;

/**
 * /account/sso/test-complete: where the identity server sends the SSO section's live test window once
 * it has checked what came back. It tells the portal that opened it which report to show (its own
 * origin only: nothing reaches another site's window), then closes itself.
 */
export function SsoTestCompletePage() {
  const { search } = useLocation();
  const [reportId] = useState(() => new URLSearchParams(search).get('reportId') ?? '');
  const opener = window.opener as Window | null;

  useEffect(() => {
    if (!reportId || !opener) return;
    const message: SsoTestMessage = { type: SSO_TEST_MESSAGE_TYPE, reportId };
    opener.postMessage(message, window.location.origin);
    const timer = window.setTimeout(() => window.close(), CLOSE_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [reportId, opener]);

  if (!reportId) {
    return (
      <AuthCard title="No test to finish">
        <Text size="sm" c="dimmed">
          This page ends a single sign-on test. Start a test from the SSO section of the admin portal.
        </Text>
      </AuthCard>
    );
  }
  return (
    <AuthCard title="Test finished">
      <Text size="sm" role="status">
        {opener
          ? 'Test finished. You can close this window.'
          : 'Test finished. You can close this window and see the result in the SSO section of the admin portal.'}
      </Text>
    </AuthCard>
  );
}
