import { Card, NumberInput, Stack, Switch } from '@mantine/core';
import type { FieldAppearance } from '../../../lib/admin-portal';

type KeysOfType<T, V> = { [K in keyof T]-?: T[K] extends V ? K : never }[keyof T];

/**
 * A security policy that is switched on or off and has one number (lockout attempts, idle timeout...):
 * the object `section` of a tab's draft, whose `flag` is the switch and whose `amount` is the number.
 */
export type ToggledLimit<Draft> = {
  [Section in keyof Draft]: {
    section: Section;
    flag: KeysOfType<Draft[Section], boolean>;
    amount: KeysOfType<Draft[Section], number>;
    /** How many stored units one shown unit is (60: seconds shown as minutes), shown rounded. */
    unit?: number;
    toggle: { label: string; description: string };
    limit: { label: string; min: number; max?: number };
  };
}[keyof Draft];

/**
 * A tab's switch-and-number policies, one card each, in the order given. A policy whose field the
 * vendor's metadata hides is left out; one it shows read-only, or any for a viewer who may not
 * write, is disabled. A policy without a metadata field follows the permission alone.
 */
export function ToggledLimitCards<Draft>({
  policies,
  appearance,
  canWrite,
  draft,
  onChange,
}: {
  policies: ToggledLimit<Draft>[];
  appearance: Partial<Record<keyof Draft, FieldAppearance>>;
  canWrite: boolean;
  draft: Draft;
  onChange: (next: Draft) => void;
}) {
  return policies.map((policy) => {
    const shown = appearance[policy.section] ?? 'edit';
    if (shown === 'hidden') return null;
    // The keys are checked where the policies are written; here the section is read by them.
    const section = draft[policy.section] as Record<string, unknown>;
    const change = (key: PropertyKey, value: boolean | number) =>
      onChange({ ...draft, [policy.section]: { ...section, [key]: value } });
    const stored = Number(section[policy.amount as string]);
    const { unit } = policy;
    return (
      <ToggledLimitCard
        key={String(policy.section)}
        editable={canWrite && shown === 'edit'}
        toggle={{
          ...policy.toggle,
          checked: section[policy.flag as string] === true,
          onChange: (checked) => change(policy.flag, checked),
        }}
        limit={{
          ...policy.limit,
          value: unit === undefined ? stored : Math.round(stored / unit),
          onChange: (value) => change(policy.amount, unit === undefined ? value : value * unit),
        }}
      />
    );
  });
}

interface ToggledLimitCardProps {
  /** Whether the viewer may change the setting (permission and field appearance). */
  editable: boolean;
  toggle: { label: string; description: string; checked: boolean; onChange: (checked: boolean) => void };
  /** The setting's number, which only means something while the switch is on. */
  limit: { label: string; min: number; max?: number; value: number; onChange: (value: number) => void };
}

/** One switch-and-number policy's card. */
function ToggledLimitCard({ editable, toggle, limit }: ToggledLimitCardProps) {
  return (
    <Card withBorder>
      <Stack gap="xs">
        <Switch
          label={toggle.label}
          description={toggle.description}
          checked={toggle.checked}
          disabled={!editable}
          onChange={(event) => toggle.onChange(event.currentTarget.checked)}
        />
        <NumberInput
          label={limit.label}
          min={limit.min}
          {...(limit.max === undefined ? {} : { max: limit.max })}
          value={limit.value}
          disabled={!editable || !toggle.checked}
          onChange={(value) => limit.onChange(Number(value))}
        />
      </Stack>
    </Card>
  );
}
