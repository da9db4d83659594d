import { Component, type ReactNode } from 'react';
import type { Location } from '../app/navigation';
import { AuthCard } from './auth-card';
import { Button, Stack, Text } from './plain-ui';

/** An error response a route threw (a status and its text), as react-router's isRouteErrorResponse tells. */
function isRouteErrorResponse(error: unknown): error is { status: number; statusText: string } {
  if (typeof error !== 'object' || error === null) return false;
  const { status, statusText, internal } = error as Record<string, unknown>;
  return (
    typeof status === 'number' &&
    typeof statusText === 'string' &&
    typeof internal === 'boolean' &&
    'data' in error
  );
}

/** Shown when a route fails to load or render (e.g. a lazy chunk missing after a deploy). */
export function RouteError({ error }: { error: unknown }) {
  const detail = isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : null;
  return (
    <AuthCard title="Something went wrong">
      <Stack gap="md">
        <Text size="sm" dimmed style={{ textAlign: 'center' }}>
          The page could not be displayed{detail ? ` (${detail})` : ''}. Reloading usually helps.
        </Text>
        <Button onClick={() => window.location.reload()}>Reload the page</Button>
      </Stack>
    </AuthCard>
  );
}

interface BoundaryProps {
  /** The address shown: a navigation away from a failed page shows the next page again. */
  location: Location;
  children: ReactNode;
}

interface BoundaryState {
  /** What the page threw (boxed: anything can be thrown, null too). */
  failure: { error: unknown } | null;
  location: Location;
}

/** Shows {@link RouteError} in place of the pages when one of them throws while it loads or renders. */
export class RouteErrorBoundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { failure: null, location: this.props.location };

  static getDerivedStateFromError(error: unknown): Partial<BoundaryState> {
    return { failure: { error } };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: BoundaryState): Partial<BoundaryState> | null {
    return props.location === state.location ? null : { failure: null, location: props.location };
  }

  override render() {
    const { failure } = this.state;
    return failure ? <RouteError error={failure.error} /> : this.props.children;
  }
}
