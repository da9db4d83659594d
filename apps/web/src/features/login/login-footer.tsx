import { Link } from '../../app/navigation';
import { anchorProps, Text } from '../../components/plain-ui';
import { paths } from '../../lib/paths';
import { mailto } from '../../lib/config';

interface LoginFooterProps {
  /** True while the password box is shown: only then is 'Contact sales' offered (SPEC section 2). */
  showContactSales: boolean;
  salesEmail: string;
}

export function LoginFooter({ showContactSales, salesEmail }: LoginFooterProps) {
  return (
    <>
      <Text size="sm" dimmed>
        Forgot your password?{' '}
        <Link {...anchorProps()} to={paths.forgotPassword}>
          Reset it
        </Link>
      </Text>
      {showContactSales && (
        <Text size="sm" dimmed>
          Free trial ended?{' '}
          <a {...anchorProps()} href={mailto(salesEmail)}>
            Contact sales
          </a>
        </Text>
      )}
    </>
  );
}
