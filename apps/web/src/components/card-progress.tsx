import { Loader, Stack, Text } from '@mantine/core';

/** Inside an AuthCard, what the page is doing while the server answers ("Checking your invitation..."). */
export function CardProgress({ label }: { label: string }) {
  return (
    <Stack align="center" gap="sm" py="md" role="status">
      <Loader color="brand" />
      <Text c="dimmed">{label}</Text>
    </Stack>
  );
}
