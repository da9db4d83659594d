import { Radio, Stack } from '@mantine/core';
import { useState } from 'react';
import { FormDialog, TextField, useSubmit } from '../../../components/admin';
import { directorySources, type DirectorySource } from '../../../sdk/admin/provisioning';

/** Adds a SCIM directory: its name and where its people come from. */
export function AddDirectoryDialog({
  onSave,
  onClose,
}: {
  onSave: (fields: { name: string; source: DirectorySource }) => Promise<void>;
  onClose: () => void;
}) {
  const [name, setName] = useState('');
  const [source, setSource] = useState<DirectorySource>('okta');
  const [missing, setMissing] = useState<string | undefined>(undefined);
  const submission = useSubmit(onSave);
  const submit = async () => {
    if (!name.trim()) {
      setMissing('Enter a name for the directory');
      return;
    }
    setMissing(undefined);
    await submission.run({ name: name.trim(), source });
  };
  return (
    <FormDialog
      title="Add directory"
      submission={submission}
      submitLabel="Add directory"
      noValidate
      onSubmit={() => void submit()}
      onClose={onClose}
    >
      <TextField label="Name" value={name} error={missing} onChange={setName} required isFocusedFirst />
      <Radio.Group
        label="Source"
        description="The directory that will send its users and groups."
        value={source}
        onChange={(value) => setSource(value as DirectorySource)}
      >
        <Stack gap="xs" mt="xs">
          {directorySources.map((item) => (
            <Radio key={item.value} value={item.value} label={item.label} />
          ))}
        </Stack>
      </Radio.Group>
    </FormDialog>
  );
}
