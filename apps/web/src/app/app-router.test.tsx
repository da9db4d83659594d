import { act, render, screen } from '@testing-library/react';
import { lazy, Suspense, useEffect } from 'react';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { AppRouter } from './app-router';
import { useLocation, useNavigate, type NavigateFunction } from './navigation';
import { ReactRouterBridge } from './react-router-bridge';

afterEach(() => window.history.replaceState(null, '', '/'));

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

function setup() {
  const moduleArrives = deferred();
  const Next = lazy(async () => {
    await moduleArrives.promise;
    return { default: () => <p>The next page</p> };
  });
  let navigate: NavigateFunction = () => undefined;
  function Navigator() {
    const next = useNavigate();
    useEffect(() => {
      navigate = next;
    }, [next]);
    return <p>At {useLocation().pathname}</p>;
  }
  window.history.replaceState(null, '', '/first');
  render(
    <AppRouter>
      <Navigator />
      {/* The pages under react-router, as the route table renders them (src/app/routes.tsx). */}
      <ReactRouterBridge>
        <Suspense fallback={<p>Loading...</p>}>
          <Routes>
            <Route path="/first" element={<p>The first page</p>} />
            <Route path="/next" element={<Next />} />
          </Routes>
        </Suspense>
      </ReactRouterBridge>
    </AppRouter>,
  );
  return { moduleArrives, navigate: (to: string) => act(async () => navigate(to)) };
}

describe('AppRouter', () => {
  it("keeps the page and the address until the next page's module has arrived, then shows both", async () => {
    const { moduleArrives, navigate } = setup();

    await navigate('/next?step=1');
    expect(screen.getByText('The first page')).toBeInTheDocument();
    expect(window.location.pathname).toBe('/first');

    await act(async () => moduleArrives.resolve());
    expect(await screen.findByText('The next page')).toBeInTheDocument();
    expect(screen.getByText('At /next')).toBeInTheDocument();
    expect(`${window.location.pathname}${window.location.search}`).toBe('/next?step=1');
    expect(window.history.state).toMatchObject({ usr: null, key: expect.any(String) });
  });

  it('follows the browser back to the page before', async () => {
    const { moduleArrives, navigate } = setup();
    moduleArrives.resolve();
    await navigate('/next');
    expect(await screen.findByText('The next page')).toBeInTheDocument();

    await act(async () => {
      window.history.back();
      await new Promise((resolve) => window.addEventListener('popstate', resolve, { once: true }));
    });
    expect(await screen.findByText('The first page')).toBeInTheDocument();
    expect(window.location.pathname).toBe('/first');
  });
});
