import { Anchor, Text } from '@mantine/core';
import { Link } from 'react-router';
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
      <Text size="sm" c="dimmed">
        Forgot your password?{' '}
        <Anchor component={Link} to={paths.forgotPassword} fw={600}>
          Reset it
        </Anchor>
      </Text>
      {showContactSales && (
        <Text size="sm" c="dimmed">
          Free trial ended?{' '}
          <Anchor href={mailto(salesEmail)} fw={600}>
            Contact sales
          </Anchor>
        </Text>
      )}
    </>
  );
}
