import { act, lazy, Suspense, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { renderFirst } from './bootstrap';

// Not rendered through act(): act flushes a render in one go, and what is under test is what the
// browser's scheduler does between rendering and committing.
const actEnvironment = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };

let root: Root | null = null;
let container: HTMLElement | null = null;

afterEach(() => {
  actEnvironment.IS_REACT_ACT_ENVIRONMENT = true;
  act(() => root?.unmount());
  container?.remove();
  root = null;
  container = null;
});

/** Long enough that a render which may yield to the browser does yield after it (its slices are 5 ms). */
function busyFor(ms: number) {
  const end = performance.now() + ms;
  while (performance.now() < end) {
    // keeps the main thread busy, as the app's larger first render does on a slow phone
  }
}

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

describe('the first render', () => {
  it('shows the route whose module arrived while the first render was under way', async () => {
    actEnvironment.IS_REACT_ACT_ENVIRONMENT = false;
    const moduleArrives = deferred();
    const TheRoute = lazy(async () => {
      await moduleArrives.promise;
      return { default: () => <p>The route</p> };
    });
    // Rendered after the routes: their module arrives once the lazy page has suspended, and the render
    // is long enough for the browser to get a turn before the commit.
    let arrived = false;
    function SlowSibling(): ReactNode {
      if (!arrived) {
        arrived = true;
        moduleArrives.resolve();
        busyFor(30);
      }
      return null;
    }
    container = document.body.appendChild(document.createElement('div'));
    root = createRoot(container);

    renderFirst(
      root,
      <>
        <MemoryRouter>
          <Suspense fallback={<p>Loading...</p>}>
            <Routes>
              <Route path="/" element={<TheRoute />} />
            </Routes>
          </Suspense>
        </MemoryRouter>
        <SlowSibling />
        <p>The rest of the page</p>
      </>,
    );

    await expect.poll(() => container?.textContent, { timeout: 5_000 }).toContain('The route');
    expect(arrived).toBe(true);
  });
});
