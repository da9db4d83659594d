import { Button, Stack, Text } from '@mantine/core';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { AuthCard } from './auth-card';

/** Shown when a route fails to load or render (e.g. a lazy chunk missing after a deploy). */
export function RouteError() {
  const error = useRouteError();
  const detail = isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : null;
  return (
    <AuthCard title="Something went wrong">
      <Stack gap="md">
        <Text size="sm" c="dimmed" ta="center">
          The page could not be displayed{detail ? ` (${detail})` : ''}. Reloading usually helps.
        </Text>
        <Button onClick={() => window.location.reload()}>Reload the page</Button>
      </Stack>
    </AuthCard>
  );
}
