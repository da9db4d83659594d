import { SignUpPage } from '../features/sign-up';
import { SocialLoginButtons } from '../features/social-login';

// Issue 13: the sign-up page with the social logins under its form, composed here (features do not
// import each other) and loaded as one lazy route: the login page's chunk carries one import for it.
export function SignUpWithSocialLogins() {
  return <SignUpPage otherOptions={<SocialLoginButtons />} />;
}
