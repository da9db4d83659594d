import { STATIC_SHELL_ID } from '../components/static-shell-id';

const FIRST_CONTENTFUL_PAINT = 'first-contentful-paint';

/**
 * How long the entry waits for the first contentful paint to be reported before it imports the app
 * anyway: a tab hidden before its first paint never reports one.
 */
export const PAINT_REPORT_WAIT_MS = 1000;

/**
 * Resolves once the browser has painted the page's first frame. The page's entry waits for it before
 * importing the app (src/main.tsx): the first card is in the HTML, and the app's download and
 * evaluation then never come before the first paint (issue 10, Lighthouse).
 *
 * With a static shell to paint, that is when the browser reports the first contentful paint (issue 17):
 * a task queued from an animation frame callback runs once the frame is rendered but before it is on
 * screen, and an app requested in between counted, in Lighthouse's simulation, as holding up the
 * first and largest paint (about 1.1 s against 2.1 s on the mobile preset, run to run). Without a shell
 * there is nothing to paint before the app, and a browser without paint timing cannot say: the rendered
 * frame is enough. A hidden tab paints no frame (and runs no animation frame callbacks): there it
 * resolves at once.
 */
export function afterFirstFrame(win: Window = window): Promise<void> {
  return new Promise((resolve) => {
    const { document } = win;
    if (document.visibilityState === 'hidden') {
      resolve();
      return;
    }
    // Not every browser has it, and TypeScript's Window does not declare it.
    const Observer = (win as Window & { PerformanceObserver?: typeof PerformanceObserver })
      .PerformanceObserver;
    const paintReported = Observer?.supportedEntryTypes?.includes('paint') ?? false;
    if (!paintReported || !Observer || !document.getElementById(STATIC_SHELL_ID)) {
      win.requestAnimationFrame(() => win.setTimeout(resolve, 0));
      return;
    }
    if (win.performance.getEntriesByName(FIRST_CONTENTFUL_PAINT).length > 0) {
      resolve();
      return;
    }
    const done = () => {
      observer.disconnect();
      win.clearTimeout(fallback);
      document.removeEventListener('visibilitychange', done);
      resolve();
    };
    const observer = new Observer((entries) => {
      if (entries.getEntriesByName(FIRST_CONTENTFUL_PAINT).length > 0) done();
    });
    observer.observe({ type: 'paint', buffered: true });
    const fallback = win.setTimeout(done, PAINT_REPORT_WAIT_MS);
    document.addEventListener('visibilitychange', done);
  });
}
