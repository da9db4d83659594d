import { SignUpCard } from './sign-up-card';
import { SignUpForm } from './sign-up-form';

/**
 * The sign-up card as /account/sign-up first shows it (no invite link, the default sign-up
 * strategies): the page's HTML carries it, rendered at build time (src/app/static-shells.tsx),
 * inert until the app's own card replaces it. Nothing here runs in the browser.
 */
export function SignUpShell() {
  return (
    <SignUpCard>
      <SignUpForm loading={false} error={null} onSubmit={() => undefined} />
    </SignUpCard>
  );
}
