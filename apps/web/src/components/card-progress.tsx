import { Loader, Stack, Text } from './plain-ui';

/** Inside an AuthCard, what the page is doing while the server answers ("Checking your invitation..."). */
export function CardProgress({ label }: { label: string }) {
  return (
    <Stack align="center" gap="sm" style={{ paddingBlock: 'var(--mantine-spacing-md)' }} role="status">
      <Loader />
      <Text dimmed>{label}</Text>
    </Stack>
  );
}
