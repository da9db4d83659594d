import { Stack, Text, Title } from '@mantine/core';
import { UNDER_REVIEW_MESSAGE } from '../../product';

/** Sign-ups from personal email addresses wait here (SPEC section 2). */
export function UnderReviewPage() {
  return (
    <Stack gap="md" align="center" ta="center">
      <Title order={1} fz={28}>
        Application under review
      </Title>
      <Text c="dimmed" maw={460}>
        {UNDER_REVIEW_MESSAGE}
      </Text>
    </Stack>
  );
}
