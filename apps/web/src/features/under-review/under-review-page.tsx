import { Stack, Text, Title } from '@mantine/core';

/** Sign-ups from personal email addresses wait here (SPEC section 2). */
export function UnderReviewPage() {
  return (
    <Stack gap="md" align="center" ta="center">
      <Title order={1} fz={28}>
        Application under review
      </Title>
      <Text c="dimmed" maw={460}>
        We are reviewing your application because you used a personal email address. We will be in touch with
        you shortly. Thank you for your patience.
      </Text>
    </Stack>
  );
}
