import { afterEach, describe, expect, it, vi } from 'vitest';
import { STATIC_SHELL_ID } from '../components/static-shell-id';
import { afterFirstFrame, PAINT_REPORT_WAIT_MS } from './first-frame';

afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
  document.getElementById(STATIC_SHELL_ID)?.remove();
});

/** Whether `promise` has settled by the time the microtasks queued now have run. */
async function settled(promise: Promise<unknown>): Promise<boolean> {
  let done = false;
  void promise.then(() => (done = true));
  await Promise.resolve();
  await Promise.resolve();
  return done;
}

function addStaticShell() {
  const shell = document.createElement('div');
  shell.id = STATIC_SHELL_ID;
  shell.textContent = 'Sign in';
  document.body.append(shell);
}

/**
 * A window whose paint timing the test drives: `paint()` reports the first contentful paint to the
 * observers, as the browser does once the frame is on screen.
 */
function windowReportingPaint({ supported = true, reported = false } = {}) {
  const observers: Array<{ callback: PerformanceObserverCallback; observing: boolean }> = [];
  const entries = () => (reported ? [{ name: 'first-contentful-paint' }] : []);
  class FakeObserver {
    static supportedEntryTypes = supported ? ['paint', 'largest-contentful-paint'] : ['navigation'];
    private readonly record;
    constructor(callback: PerformanceObserverCallback) {
      this.record = { callback, observing: false };
      observers.push(this.record);
    }
    observe() {
      this.record.observing = true;
    }
    disconnect() {
      this.record.observing = false;
    }
  }
  const frame = vi.fn();
  const win = {
    document,
    PerformanceObserver: FakeObserver,
    performance: { getEntriesByName: (name: string) => entries().filter((entry) => entry.name === name) },
    requestAnimationFrame: frame,
    setTimeout: window.setTimeout.bind(window),
    clearTimeout: window.clearTimeout.bind(window),
  } as unknown as Window;
  const paint = () => {
    reported = true;
    const list = { getEntriesByName: (name: string) => entries().filter((entry) => entry.name === name) };
    for (const { callback, observing } of observers)
      if (observing) callback(list as unknown as PerformanceObserverEntryList, {} as PerformanceObserver);
  };
  return { win, paint, frame, observing: () => observers.some((observer) => observer.observing) };
}

describe('afterFirstFrame', () => {
  it('resolves in the task after the next animation frame when the page has no shell to paint', async () => {
    const frames: FrameRequestCallback[] = [];
    const tasks: Array<() => void> = [];
    vi.spyOn(window, 'requestAnimationFrame').mockImplementation((callback) => frames.push(callback));
    vi.spyOn(window, 'setTimeout').mockImplementation(((callback: () => void) =>
      tasks.push(callback)) as unknown as typeof window.setTimeout);

    const waiting = afterFirstFrame(window);
    expect(await settled(waiting)).toBe(false);

    frames.shift()?.(0);
    expect(await settled(waiting)).toBe(false);

    tasks.shift()?.();
    expect(await settled(waiting)).toBe(true);
  });

  it('resolves at once in a hidden tab, which paints no frame', async () => {
    vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    const frame = vi.spyOn(window, 'requestAnimationFrame');

    expect(await settled(afterFirstFrame(window))).toBe(true);
    expect(frame).not.toHaveBeenCalled();
  });

  it('waits for the first contentful paint of the static shell, not for the frame', async () => {
    addStaticShell();
    const { win, paint, frame, observing } = windowReportingPaint();

    const waiting = afterFirstFrame(win);
    expect(await settled(waiting)).toBe(false);
    expect(frame).not.toHaveBeenCalled();

    paint();
    expect(await settled(waiting)).toBe(true);
    expect(observing()).toBe(false);
  });

  it('resolves at once when the first contentful paint was already reported', async () => {
    addStaticShell();
    const { win } = windowReportingPaint({ reported: true });

    expect(await settled(afterFirstFrame(win))).toBe(true);
  });

  it('stops waiting for a paint report after a while, or when the tab is hidden', async () => {
    addStaticShell();
    vi.useFakeTimers();
    const late = windowReportingPaint();
    const waiting = afterFirstFrame(late.win);
    vi.advanceTimersByTime(PAINT_REPORT_WAIT_MS - 1);
    expect(await settled(waiting)).toBe(false);
    vi.advanceTimersByTime(1);
    expect(await settled(waiting)).toBe(true);
    expect(late.observing()).toBe(false);

    const hidden = windowReportingPaint();
    const hiding = afterFirstFrame(hidden.win);
    expect(await settled(hiding)).toBe(false);
    document.dispatchEvent(new Event('visibilitychange'));
    expect(await settled(hiding)).toBe(true);
  });

  it('falls back to the rendered frame in a browser without paint timing', async () => {
    addStaticShell();
    const { win, frame } = windowReportingPaint({ supported: false });

    const waiting = afterFirstFrame(win);
    expect(frame).toHaveBeenCalledTimes(1);
    expect(await settled(waiting)).toBe(false);
  });
});
