import { Badge, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { ChannelsOverview as Overview, ConnectivityChannel } from '../../../sdk/admin/connectivity';

export const channelLabels: Record<ConnectivityChannel, string> = {
  webhook: 'Webhooks',
  email: 'Email',
  sms: 'SMS',
  slack: 'Slack',
};
const channels = Object.keys(channelLabels) as ConnectivityChannel[];

/** Where the account's events go: per channel, whether it is set up and how many events it carries. */
export function ChannelsOverview({ overview }: { overview: Overview }) {
  return (
    <section aria-labelledby="channels-overview-title">
      <Title order={2} fz="lg" mb="sm" id="channels-overview-title">
        Channels
      </Title>
      <SimpleGrid
        cols={{ base: 2, sm: 4 }}
        spacing="sm"
        component="ul"
        style={{ listStyle: 'none', padding: 0, margin: 0 }}
      >
        {channels.map((channel) => {
          const entry = overview.find((item) => item.channel === channel);
          const configured = entry?.configured ?? false;
          const active = entry?.activeEvents ?? 0;
          return (
            <Card key={channel} component="li" withBorder padding="sm">
              <Stack gap={6}>
                <Group justify="space-between" gap={4} wrap="nowrap">
                  <Text fw={600} size="sm">
                    {channelLabels[channel]}
                  </Text>
                </Group>
                <Badge variant="light" color={configured ? 'teal' : 'gray'} w="fit-content">
                  {configured ? 'Configured' : 'Not configured'}
                </Badge>
                <Text size="xs" c="dimmed">
                  {active === 1 ? '1 active event' : `${active} active events`}
                </Text>
              </Stack>
            </Card>
          );
        })}
      </SimpleGrid>
    </section>
  );
}
