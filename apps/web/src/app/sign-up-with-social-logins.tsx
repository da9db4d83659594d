import { lazy, Suspense } from 'react';
import { SignUpPage } from '../features/sign-up';

// The social buttons load apart, as on the login page: they show only once the server's list of social
// logins has come, and this page's chunk stays under the login box's budget without them (issue 17).
const SocialLoginButtons = lazy(() =>
  import('../features/social-login').then((m) => ({ default: m.SocialLoginButtons })),
);

// Issue 13: the sign-up page with the social logins under its form, composed here (features do not
// import each other) and loaded as one lazy route: the login page's chunk carries one import for it.
// Its form and buttons are plain elements (src/components/plain-ui.tsx): no Mantine provider (issue 17).
export function SignUpWithSocialLogins() {
  return (
    <SignUpPage
      otherOptions={
        <Suspense fallback={null}>
          <SocialLoginButtons />
        </Suspense>
      }
    />
  );
}
