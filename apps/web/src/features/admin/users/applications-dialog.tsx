import { Checkbox, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { FormDialog, useSubmit } from '../../../components/admin';
import type { AccountApplication } from '../../../sdk/admin/applications';
import type { TeamMember } from '../../../sdk/admin/users';

/**
 * The managed apps a member may open (issue 15, flag multi-apps-admin-portal); the account's free apps
 * are everyone's, so they are listed as such and cannot be unticked.
 */
export function ApplicationsDialog({
  member,
  applications,
  assigned,
  onSave,
  onClose,
}: {
  member: TeamMember;
  applications: AccountApplication[];
  assigned: string[];
  onSave: (appIds: string[]) => Promise<unknown>;
  onClose: () => void;
}) {
  const [appIds, setAppIds] = useState(assigned);
  const submission = useSubmit(async (chosen: string[]) => {
    await onSave(chosen);
  });
  const save = async () => {
    if (await submission.run(appIds)) onClose();
  };
  return (
    <FormDialog
      title="Manage applications"
      closeLabel="Close dialog"
      gap="sm"
      submission={submission}
      submitLabel="Save applications"
      onSubmit={() => void save()}
      onClose={onClose}
    >
      <Text size="sm">{member.name ? `${member.name} (${member.email})` : member.email}</Text>
      <Checkbox.Group label="Applications this user can open" value={appIds} onChange={setAppIds}>
        <Stack gap="xs" mt="xs">
          {applications
            .filter((app) => app.managed)
            .map((app) => (
              <Checkbox key={app.id} value={app.id} label={app.name} description={app.description} />
            ))}
        </Stack>
      </Checkbox.Group>
      <Stack gap="xs">
        {applications
          .filter((app) => !app.managed)
          .map((app) => (
            <Checkbox
              key={app.id}
              checked
              disabled
              readOnly
              label={app.name}
              description="Every user of this account can open it"
            />
          ))}
      </Stack>
    </FormDialog>
  );
}
