import { SignUpPage } from '../features/sign-up';
import { SocialLoginButtons } from '../features/social-login';
import { ThemeProvider } from './theme-provider';

// Issue 13: the sign-up page with the social logins under its form, composed here (features do not
// import each other) and loaded as one lazy route: the login page's chunk carries one import for it.
// Its form and buttons are Mantine's components: Mantine's theme provider comes with them, in this page's
// chunk (the login box's route table brings none, issue 17).
export function SignUpWithSocialLogins() {
  return (
    <ThemeProvider>
      <SignUpPage otherOptions={<SocialLoginButtons />} />
    </ThemeProvider>
  );
}
