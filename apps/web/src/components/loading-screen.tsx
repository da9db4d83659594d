import { Center, Group, Loader, Text } from '@mantine/core';

/** The loading placeholder (SPEC section 2). */
export function LoadingScreen() {
  return (
    <Center mih="100dvh" role="status" aria-live="polite">
      <Group gap="sm">
        <Loader size="sm" color="brand" />
        <Text c="dimmed">Loading...</Text>
      </Group>
    </Center>
  );
}
