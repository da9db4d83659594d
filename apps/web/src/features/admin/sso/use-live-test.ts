import { useCallback, useEffect, useRef, useState } from 'react';
import { errorMessage } from '../../../sdk/admin/api-error';
import type { SsoApi, SsoTestReport } from '../../../sdk/admin/sso';
import { isSsoTestMessage } from '../../../lib/sso-test-message';

export type LiveTestState =
  | { status: 'idle' }
  | { status: 'starting' }
  /** The test window is open at the identity provider; the result has not come back yet. */
  | { status: 'waiting'; address: string }
  /** The browser refused to open the window: the administrator opens the address themselves. */
  | { status: 'blocked'; address: string }
  | { status: 'done'; report: SsoTestReport }
  | { status: 'failed'; message: string };

/** How often the reports are read while the test window is open, in case its message never comes. */
export const POLL_INTERVAL_MS = 2_000;
/** After this long the section stops waiting (an IdP sign-in abandoned in the window). */
const GIVE_UP_MS = 10 * 60_000;
const WINDOW_NAME = 'brizo-sso-test';
const WINDOW_FEATURES = 'popup,width=560,height=720';

/**
 * The live test of one connection: opens the identity provider's sign-in in a window of its own, then
 * takes the result from the test-complete page's message (same origin only) or, should the message be
 * lost (the window's opener cut by the IdP's pages), from the first report that was not there before.
 */
export function useLiveTest(sso: SsoApi, configurationId: string) {
  const [state, setState] = useState<LiveTestState>({ status: 'idle' });
  const stopRef = useRef<() => void>(() => undefined);
  useEffect(() => () => stopRef.current(), []);

  const start = useCallback(async () => {
    stopRef.current();
    let active = true;
    const cleanups: (() => void)[] = [];
    const stop = () => {
      active = false;
      for (const cleanup of cleanups) cleanup();
    };
    stopRef.current = stop;
    const finish = (next: LiveTestState) => {
      if (!active) return;
      stop();
      setState(next);
    };

    setState({ status: 'starting' });
    // Opened now, inside the click: a window opened after the server's answer is often blocked.
    const testWindow = window.open('', WINDOW_NAME, WINDOW_FEATURES);
    let known: Set<string>;
    let address: string;
    try {
      known = new Set((await sso.listTestReports(configurationId)).map((report) => report.id));
      address = await sso.startTest(configurationId);
    } catch (failure) {
      testWindow?.close();
      finish({ status: 'failed', message: errorMessage(failure) ?? 'The test could not start' });
      return;
    }
    if (!active) return;
    if (testWindow && !testWindow.closed) {
      testWindow.location.href = address;
      setState({ status: 'waiting', address });
    } else setState({ status: 'blocked', address });

    const onMessage = (event: MessageEvent) => {
      if (event.origin !== window.location.origin || !isSsoTestMessage(event.data)) return;
      sso
        .getTestReport(configurationId, event.data.reportId)
        .then((report) => finish({ status: 'done', report }))
        .catch(() => undefined);
    };
    window.addEventListener('message', onMessage);
    cleanups.push(() => window.removeEventListener('message', onMessage));
    const poll = window.setInterval(() => {
      sso
        .listTestReports(configurationId)
        .then((reports) => {
          const fresh = reports.find((report) => !known.has(report.id));
          if (fresh) finish({ status: 'done', report: fresh });
        })
        // A failed read is retried at the next tick.
        .catch(() => undefined);
    }, POLL_INTERVAL_MS);
    cleanups.push(() => window.clearInterval(poll));
    const giveUp = window.setTimeout(
      () =>
        finish({
          status: 'failed',
          message: 'No result came back within 10 minutes. Start a new test to try again.',
        }),
      GIVE_UP_MS,
    );
    cleanups.push(() => window.clearTimeout(giveUp));
  }, [sso, configurationId]);

  const cancel = useCallback(() => {
    stopRef.current();
    setState({ status: 'idle' });
  }, []);

  return { state, start: () => void start(), cancel };
}
