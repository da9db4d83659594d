import { Group, Loader, Text } from './plain-ui';

/** The loading placeholder (SPEC section 2). */
export function LoadingScreen() {
  return (
    <div
      style={{ minHeight: '100dvh' }}
      className="m_4451eb3a mantine-Center-root"
      role="status"
      aria-live="polite"
    >
      <Group gap="sm">
        <Loader size="sm" />
        <Text dimmed>Loading...</Text>
      </Group>
    </div>
  );
}
