/**
 * The id of the static shell's element (src/app/static-shells.tsx): its own module, so the page's entry
 * can look for the shell without importing React.
 */
export const STATIC_SHELL_ID = 'static-shell';
