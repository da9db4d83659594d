import { Textarea } from '@mantine/core';
import { useState } from 'react';
import { FormDialog, NameInput, useNameField, useSubmit } from '../../../components/admin';
import { ColourInput } from '../../../components/colour-input';
import type { GroupFields, GroupItem } from '../../../sdk/admin/groups';

// A name already taken is the name field's error, not the form's.
const fieldOf = { 'ER-GROUPS-NAME-TAKEN': 'name' } as const;

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
  const name = useNameField(group?.name ?? '');
  const [description, setDescription] = useState(group?.description ?? '');
  const [color, setColor] = useState(group?.color ?? '');
  const submission = useSubmit(onSave, fieldOf);

  const submit = async () => {
    const trimmed = name.check();
    if (trimmed === null) return;
    if (await submission.run({ name: trimmed, description, color })) onClose();
  };

  return (
    <FormDialog
      title={group ? `Edit group ${group.name}` : 'Create group'}
      submission={submission}
      submitLabel={group ? 'Save group' : 'Create group'}
      onSubmit={() => void submit()}
      onClose={onClose}
    >
      <NameInput field={name} serverError={submission.fieldErrors.name} />
      <Textarea
        label="Description"
        value={description}
        onChange={(event) => setDescription(event.currentTarget.value)}
      />
      <ColourInput label="Colour" format="hex" value={color} onChange={setColor} />
    </FormDialog>
  );
}
