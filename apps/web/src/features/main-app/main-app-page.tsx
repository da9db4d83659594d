import { Button, Group, Stack, Table, Text, Title } from '@mantine/core';
import { Link, useNavigate } from 'react-router';
import { paths } from '../../lib/paths';
import { LoadingScreen } from '../../components/loading-screen';
import { useConfig } from '../../lib/config';
import { ProductShell } from '../../components/product-shell';
import { useRequiredSession } from '../../lib/session';
import { TenantSwitcher } from './tenant-switcher';

/**
 * The built-in stand-in for the main application (MAIN_APP_URL's default): who is signed
 * in, for which account, and a way out.
 */
export function MainAppPage() {
  const sessionView = useRequiredSession();
  const navigate = useNavigate();
  const { adminPortalTarget } = useConfig();
  if (sessionView.status !== 'signedIn') return <LoadingScreen />;
  const { user, tenant } = sessionView;
  const newTab = adminPortalTarget === 'newTab';
  const menu = (
    <Group gap="sm" wrap="nowrap">
      {newTab ? (
        <Button
          component="a"
          href={paths.adminPortal}
          target="_blank"
          rel="noopener"
          variant="subtle"
          size="sm"
        >
          Admin portal
        </Button>
      ) : (
        <Button component={Link} to={paths.adminPortal} variant="subtle" size="sm">
          Admin portal
        </Button>
      )}
      <Button variant="default" size="sm" onClick={() => void navigate(paths.logout)}>
        Logout
      </Button>
    </Group>
  );

  return (
    <ProductShell email={user.email} headerActions={menu}>
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={1} fz={26}>
            Brizo FoodMetrics
          </Title>
          <Text c="dimmed">You are signed in to the main application.</Text>
        </Stack>
        <TenantSwitcher />
        <Table variant="vertical" layout="fixed" withTableBorder aria-label="Signed-in user">
          <Table.Tbody>
            <Table.Tr>
              <Table.Th w={120}>Name</Table.Th>
              <Table.Td data-testid="main-app-name" style={{ overflowWrap: 'anywhere' }}>
                {user.name ?? '—'}
              </Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Th>Email</Table.Th>
              <Table.Td data-testid="main-app-email" style={{ overflowWrap: 'anywhere' }}>
                {user.email}
              </Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Th>Account</Table.Th>
              <Table.Td data-testid="main-app-tenant">{tenant?.name ?? '—'}</Table.Td>
            </Table.Tr>
          </Table.Tbody>
        </Table>
      </Stack>
    </ProductShell>
  );
}
