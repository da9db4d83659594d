import { useLayoutEffect } from 'react';
import { STATIC_SHELL_ID } from './static-shell-id';

// /account/login and /account/sign-up are served with their card already in the HTML, rendered at
// build time (src/app/static-shells.tsx), so the first and the largest paint need no script. The app
// renders into #root beside it, hidden while the shell is there (the pages' own style rule), and the
// shell leaves in the commit that shows the app's first card, before the browser paints it.
export function removeStaticShell(doc: Document = document): void {
  doc.getElementById(STATIC_SHELL_ID)?.remove();
}

/**
 * Placed first in a card: its layout effect runs before those of the card's fields, so #root is
 * visible again when a field focuses itself (autoFocus does nothing on a hidden element).
 */
export function StaticShellHandoff() {
  useLayoutEffect(() => removeStaticShell(), []);
  return null;
}
