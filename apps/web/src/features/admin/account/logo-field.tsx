import { Button, FileButton, Group, Image, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { readImageFile } from './image-file';

/** An image chosen from disk, kept as a data URL; removable. */
export function LogoField({
  label,
  value,
  disabled,
  onChange,
}: {
  label: string;
  value: string;
  disabled: boolean;
  onChange: (dataUrl: string) => void;
}) {
  const [error, setError] = useState<string | null>(null);
  const choose = async (file: File | null) => {
    if (!file) return;
    const checked = await readImageFile(file);
    if (checked.ok) {
      setError(null);
      onChange(checked.dataUrl);
    } else setError(checked.message);
  };
  return (
    <Stack gap={6}>
      <Text size="sm" fw={500}>
        {label}
      </Text>
      <Group gap="md" align="center">
        {value ? (
          <Image src={value} alt={`${label} preview`} h={48} w="auto" fit="contain" />
        ) : (
          <Text size="sm" c="dimmed">
            No logo
          </Text>
        )}
        <FileButton onChange={(file) => void choose(file)} accept="image/*" disabled={disabled}>
          {(props) => (
            <Button variant="default" size="xs" disabled={disabled} {...props}>
              {value ? `Change ${label.toLowerCase()}` : `Upload ${label.toLowerCase()}`}
            </Button>
          )}
        </FileButton>
        {value ? (
          <Button variant="subtle" color="red" size="xs" disabled={disabled} onClick={() => onChange('')}>
            Remove {label.toLowerCase()}
          </Button>
        ) : null}
      </Group>
      {error ? (
        <Text size="sm" c="red" role="alert">
          {error}
        </Text>
      ) : null}
    </Stack>
  );
}
