/**
 * Resolves after the browser has painted its first frame: a task queued from an animation frame
 * callback runs once that frame has been rendered. A hidden tab paints no frame (and runs no animation
 * frame callbacks), so there it resolves at once.
 *
 * The page's entry waits for it before importing the app (src/main.tsx): the first card is in the HTML,
 * and the app's evaluation then never runs before the first paint (issue 10, Lighthouse).
 */
export function afterFirstFrame(win: Window = window): Promise<void> {
  return new Promise((resolve) => {
    if (win.document.visibilityState === 'hidden') {
      resolve();
      return;
    }
    win.requestAnimationFrame(() => win.setTimeout(resolve, 0));
  });
}
