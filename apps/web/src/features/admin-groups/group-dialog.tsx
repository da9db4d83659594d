import { Button, ColorInput, Group, Modal, Stack, TextInput, Textarea } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useSubmit } from '../../components/admin';
import { FormAlert } from '../../components/form-alert';
import type { GroupFields, GroupItem } from '../../sdk/hooks/admin-groups';

/** Creates a group or edits one: name, description, colour (SPEC section 7: create sends those three). */
export function GroupDialog({
  group,
  onClose,
  onSave,
}: {
  group: GroupItem | null;
  onClose: () => void;
  onSave: (fields: GroupFields) => Promise<void>;
}) {
  const [name, setName] = useState(group?.name ?? '');
  const [description, setDescription] = useState(group?.description ?? '');
  const [color, setColor] = useState(group?.color ?? '');
  const submission = useSubmit(onSave);
  const [nameError, setNameError] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) {
      setNameError('Name is required');
      return;
    }
    if (await submission.run({ name: name.trim(), description, color })) onClose();
  };

  return (
    <Modal opened onClose={onClose} title={group ? `Edit group ${group.name}` : 'Create group'} centered>
      <form onSubmit={(event) => void submit(event)}>
        <Stack gap="md">
          <TextInput
            label="Name"
            required
            data-autofocus
            value={name}
            error={nameError}
            onChange={(event) => {
              setNameError(null);
              setName(event.currentTarget.value);
            }}
          />
          <Textarea
            label="Description"
            value={description}
            onChange={(event) => setDescription(event.currentTarget.value)}
          />
          <ColorInput label="Colour" format="hex" value={color} onChange={setColor} />
          <FormAlert message={submission.error} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} disabled={submission.pending}>
              Cancel
            </Button>
            <Button type="submit" loading={submission.pending}>
              {group ? 'Save group' : 'Create group'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
