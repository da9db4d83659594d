import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useProfile } from '../../../sdk/admin/profile';
import { emailSchema } from './profile-form';
import { VerifyByCodeDialog } from './verify-by-code-dialog';

/** The sign-in email, changed only with a code mailed to the new address. */
export function EmailCard() {
  const profile = useProfile();
  const [opened, setOpened] = useState(false);
  const [changedTo, setChangedTo] = useState<string | null>(null);
  if (!profile.details) return null;
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="profile-email-title">
      <Stack gap="sm">
        <Title order={2} fz="lg" id="profile-email-title">
          Email
        </Title>
        <Group justify="space-between" wrap="wrap">
          <Text data-testid="profile-email">{profile.details.email}</Text>
          <Button variant="default" onClick={() => setOpened(true)}>
            Change email
          </Button>
        </Group>
        {changedTo ? (
          <Text size="sm" c="green.8" role="status">
            {`Your email address is now ${changedTo}`}
          </Text>
        ) : null}
      </Stack>
      <VerifyByCodeDialog
        opened={opened}
        title="Change email"
        field={{ name: 'email', label: 'New email', type: 'email', autoComplete: 'email' }}
        schema={emailSchema}
        send={profile.requestEmailChange}
        verify={profile.verifyEmailChange}
        sentTo={(email) => `We emailed a 6-digit code to ${email}. Enter it to confirm the new address.`}
        onClose={() => setOpened(false)}
        onVerified={setChangedTo}
      />
    </Card>
  );
}
