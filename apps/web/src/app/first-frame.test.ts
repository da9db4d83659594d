import { afterEach, describe, expect, it, vi } from 'vitest';
import { afterFirstFrame } from './first-frame';

afterEach(() => vi.restoreAllMocks());

/** Whether `promise` has settled by the time the microtasks queued now have run. */
async function settled(promise: Promise<unknown>): Promise<boolean> {
  let done = false;
  void promise.then(() => (done = true));
  await Promise.resolve();
  await Promise.resolve();
  return done;
}

describe('afterFirstFrame', () => {
  it('resolves in the task after the next animation frame', async () => {
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
});
