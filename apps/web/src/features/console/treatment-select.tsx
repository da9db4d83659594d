import { Select } from '@mantine/core';
import { treatments, type Treatment } from '@brizo/contract/entities/entitlements';

/** A treatment (true or false) picker, as flags and plans use it. */
export function TreatmentSelect({
  label,
  value,
  onChange,
}: {
  label: string;
  value: Treatment;
  onChange: (value: Treatment) => void;
}) {
  return (
    <Select
      label={label}
      data={[...treatments]}
      value={value}
      allowDeselect={false}
      onChange={(next) => onChange(next === 'true' ? 'true' : 'false')}
    />
  );
}
