import { Card, NumberInput, Stack, Switch } from '@mantine/core';

export interface ToggledLimitCardProps {
  /** Whether the viewer may change the setting (permission and field appearance). */
  editable: boolean;
  toggle: { label: string; description: string; checked: boolean; onChange: (checked: boolean) => void };
  /** The setting's number, which only means something while the switch is on. */
  limit: { label: string; min: number; max?: number; value: number; onChange: (value: number) => void };
}

/** A security policy that is switched on or off and has one number (lockout attempts, idle timeout...). */
export function ToggledLimitCard({ editable, toggle, limit }: ToggledLimitCardProps) {
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
