import { act, screen } from '@testing-library/react';
import { useEffect } from 'react';
import { useLocation, useNavigate, type NavigateFunction } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { renderScreen } from '../testing/render';
import { RouteErrorBoundary } from './route-error';

function Page() {
  const { pathname } = useLocation();
  if (pathname === '/broken') throw new Error('render failed');
  return <p>Page {pathname}</p>;
}

function Pages({ onNavigator }: { onNavigator: (navigate: NavigateFunction) => void }) {
  const navigate = useNavigate();
  useEffect(() => {
    onNavigator(navigate);
  }, [navigate, onNavigator]);
  return (
    <RouteErrorBoundary location={useLocation()}>
      <Page />
    </RouteErrorBoundary>
  );
}

describe('RouteErrorBoundary', () => {
  it('shows the error card for a page that throws, and the next page after a navigation', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    let navigate: NavigateFunction = () => undefined;
    renderScreen(<Pages onNavigator={(next) => (navigate = next)} />, { route: '/broken' });

    expect(await screen.findByRole('heading', { name: 'Something went wrong' })).toBeInTheDocument();
    expect(screen.getByText('The page could not be displayed. Reloading usually helps.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reload the page' })).toBeInTheDocument();

    await act(async () => navigate('/fine'));
    expect(await screen.findByText('Page /fine')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Something went wrong' })).not.toBeInTheDocument();

    await act(async () => navigate('/broken'));
    expect(await screen.findByRole('heading', { name: 'Something went wrong' })).toBeInTheDocument();
  });
});
