import { AUDIT_RETENTION_MAX_DAYS, AUDIT_RETENTION_MIN_DAYS } from '@brizo/contract/entities/audits';
import { Alert, Button, Card, Group, NumberInput, Radio, Stack, Text, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useSubmit } from '../../../components/admin';
import type { AuditSettings } from '../../../sdk/admin/audits';

const days = (count: number) => `${new Intl.NumberFormat().format(count)} ${count === 1 ? 'day' : 'days'}`;

/**
 * How long the account keeps its audit events: the server's default or a number of days. Everyone
 * who reads the log sees it; those who may change the security policy change it.
 */
export function RetentionCard({
  settings,
  canChange,
  onSave,
}: {
  settings: AuditSettings;
  canChange: boolean;
  onSave: (retentionDays: number | null) => Promise<AuditSettings>;
}) {
  const [mode, setMode] = useState<'default' | 'custom'>(
    settings.retentionDays === null ? 'default' : 'custom',
  );
  const [value, setValue] = useState<number | string>(
    settings.retentionDays ?? settings.defaultRetentionDays,
  );
  useEffect(() => {
    setMode(settings.retentionDays === null ? 'default' : 'custom');
    setValue(settings.retentionDays ?? settings.defaultRetentionDays);
  }, [settings]);

  const amount = typeof value === 'number' ? value : Number.NaN;
  const invalid =
    mode === 'custom' &&
    !(Number.isInteger(amount) && amount >= AUDIT_RETENTION_MIN_DAYS && amount <= AUDIT_RETENTION_MAX_DAYS)
      ? `Enter a whole number of days from ${AUDIT_RETENTION_MIN_DAYS} to ${new Intl.NumberFormat().format(AUDIT_RETENTION_MAX_DAYS)}`
      : null;
  const submit = useSubmit<void>(async () => {
    await onSave(mode === 'default' ? null : amount);
  });

  const current =
    settings.retentionDays === null
      ? `Events are kept for ${days(settings.defaultRetentionDays)} (the default), then deleted.`
      : `Events are kept for ${days(settings.retentionDays)}, then deleted.`;

  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="audit-retention-title">
      <Stack gap="sm">
        <Title order={2} fz="lg" id="audit-retention-title">
          Retention
        </Title>
        <Text size="sm">{current}</Text>
        {canChange ? (
          <form
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              if (!invalid) void submit.run();
            }}
          >
            <Stack gap="sm">
              <Radio.Group
                label="Keep events"
                value={mode}
                onChange={(next) => {
                  submit.reset();
                  setMode(next === 'custom' ? 'custom' : 'default');
                }}
              >
                <Group gap="lg" mt={4}>
                  <Radio value="default" label={`The default (${days(settings.defaultRetentionDays)})`} />
                  <Radio value="custom" label="A number of days" />
                </Group>
              </Radio.Group>
              {mode === 'custom' ? (
                <NumberInput
                  label="Days to keep events"
                  min={AUDIT_RETENTION_MIN_DAYS}
                  max={AUDIT_RETENTION_MAX_DAYS}
                  allowDecimal={false}
                  allowNegative={false}
                  value={value}
                  onChange={(next) => {
                    submit.reset();
                    setValue(next);
                  }}
                  error={invalid}
                  w={220}
                />
              ) : null}
              {submit.error ? (
                <Alert color="red" variant="light" role="alert">
                  {submit.error}
                </Alert>
              ) : null}
              {submit.done ? (
                <Text size="sm" role="status" c="teal.9">
                  Retention saved.
                </Text>
              ) : null}
              <Group>
                <Button type="submit" loading={submit.pending} disabled={Boolean(invalid)}>
                  Save retention
                </Button>
              </Group>
            </Stack>
          </form>
        ) : null}
      </Stack>
    </Card>
  );
}
