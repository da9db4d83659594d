import { Anchor, Button, List, Stack, Text, ThemeIcon } from '@mantine/core';
import { Link } from 'react-router';
import { paths } from '../../lib/paths';
import { AuthCard } from '../../components/auth-card';

/** The partner company this page welcomes (SPEC section 2: a fixed name). */
export const PARTNER_NAME = 'Olo';
const PARTNER_SOURCE = 'olo';

const benefits = [
  'Menu and pricing trends across thousands of restaurants',
  'Benchmarks for your concepts, by region and category',
  'A free trial, no credit card needed',
];

/** Landing page for customers referred by a partner; sign-ups keep the partner as their source. */
export function OloPage() {
  const signUpUrl = `${paths.signUp}?source=${PARTNER_SOURCE}`;
  return (
    <AuthCard
      title={`Brizo FoodMetrics for ${PARTNER_NAME} customers`}
      subtitle={`As an ${PARTNER_NAME} customer, you can try Brizo FoodMetrics for free.`}
      footer={
        <Text size="sm" c="dimmed">
          Already have an account?{' '}
          <Anchor component={Link} to={paths.login} fw={600}>
            Sign in
          </Anchor>
        </Text>
      }
    >
      <Stack gap="lg">
        <List
          spacing="sm"
          size="sm"
          icon={
            <ThemeIcon size={20} radius="xl" color="brand" aria-hidden="true">
              ✓
            </ThemeIcon>
          }
        >
          {benefits.map((benefit) => (
            <List.Item key={benefit}>{benefit}</List.Item>
          ))}
        </List>
        <Button component={Link} to={signUpUrl} fullWidth>
          Start your free trial
        </Button>
      </Stack>
    </AuthCard>
  );
}
