import { AuthCard } from '../../components/auth-card';
import { IdentifierStep } from './identifier-step';
import { LoginFooter } from './login-footer';

export const LOGIN_TITLE = 'Welcome back';
export const LOGIN_SUBTITLE = 'Sign in to Brizo FoodMetrics';

/**
 * The login card as /account/login first shows it under the default sign-in settings: the page's
 * HTML carries it, rendered at build time (src/app/static-shells.tsx), inert until the app's own
 * card replaces it. Nothing here runs in the browser, so the form has nothing to submit to.
 */
export function LoginShell() {
  return (
    <AuthCard
      title={LOGIN_TITLE}
      subtitle={LOGIN_SUBTITLE}
      footer={<LoginFooter showContactSales={false} salesEmail="" />}
    >
      <IdentifierStep defaultEmail="" loading={false} error={null} onSubmit={() => undefined} />
    </AuthCard>
  );
}
