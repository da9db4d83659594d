import { Badge, Button, Stack, Switch, Text } from '@mantine/core';
import { useCallback, useState } from 'react';
import {
  DataTable,
  ErrorState,
  FormDialog,
  LoadingState,
  useSubmit,
  type ColumnDef,
} from '../../components/admin';
import { consoleApi, type FlagChanges, type Treatment, type VendorFlag } from '../../sdk/admin/console';
import { useLoaded } from '../../sdk/admin/use-loaded';
import { RulesEditor } from './rules-editor';
import { draftsOf, rulesOf, type RuleDraft } from './rule-values';
import { TreatmentSelect } from './treatment-select';

/** A flag's treatments and rules. */
function FlagDialog({
  flag,
  onClose,
  onSaved,
}: {
  flag: VendorFlag;
  onClose: () => void;
  onSaved: () => void;
}) {
  const [offTreatment, setOffTreatment] = useState<Treatment>(flag.offTreatment);
  const [defaultTreatment, setDefaultTreatment] = useState<Treatment>(flag.defaultTreatment);
  const [rules, setRules] = useState<RuleDraft[]>(() => draftsOf(flag.rules));
  const [invalid, setInvalid] = useState<string | null>(null);
  const submission = useSubmit(async (changes: FlagChanges) => {
    await consoleApi.updateFlag(flag.key, changes);
    onSaved();
  });
  const submit = () => {
    const read = rulesOf(rules);
    if ('error' in read) return setInvalid(read.error);
    setInvalid(null);
    void submission.run({ offTreatment, defaultTreatment, rules: read.rules });
  };
  return (
    <FormDialog
      title={`Feature flag ${flag.key}`}
      formLabel="Feature flag"
      closeLabel="Close"
      size="xl"
      submission={{ pending: submission.pending, error: invalid ?? submission.error }}
      submitLabel="Save flag"
      onSubmit={submit}
      onClose={onClose}
    >
      <TreatmentSelect label="When off" value={offTreatment} onChange={setOffTreatment} />
      <TreatmentSelect
        label="When on and no rule holds"
        value={defaultTreatment}
        onChange={setDefaultTreatment}
      />
      <RulesEditor rules={rules} onChange={setRules} />
    </FormDialog>
  );
}

/** The vendor-level feature flags: each on or off for everyone, with its treatments and rules. */
export function FlagsTab() {
  const flags = useLoaded(consoleApi.flags);
  const [editing, setEditing] = useState<VendorFlag | null>(null);
  const [switching, setSwitching] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const { reload } = flags;
  const toggle = useCallback(
    async (flag: VendorFlag, on: boolean) => {
      setSwitching(flag.key);
      setFailure(null);
      try {
        await consoleApi.updateFlag(flag.key, { on });
        reload();
      } catch (error) {
        setFailure(error instanceof Error ? error.message : 'The flag could not be changed');
      } finally {
        setSwitching(null);
      }
    },
    [reload],
  );

  const columns: ColumnDef<VendorFlag>[] = [
    {
      id: 'key',
      header: 'Flag',
      cell: ({ row }) => (
        <Stack gap={0}>
          <Text size="sm" fw={500}>
            {row.original.key}
          </Text>
          <Text size="xs" c="dimmed">
            {row.original.description}
          </Text>
        </Stack>
      ),
    },
    {
      id: 'on',
      header: 'On',
      cell: ({ row }) => (
        <Switch
          aria-label={`${row.original.key} on`}
          checked={row.original.on}
          disabled={switching === row.original.key}
          onChange={(event) => void toggle(row.original, event.currentTarget.checked)}
        />
      ),
    },
    {
      id: 'treatments',
      header: 'Off / default',
      cell: ({ row }) => `${row.original.offTreatment} / ${row.original.defaultTreatment}`,
    },
    {
      id: 'rules',
      header: 'Rules',
      cell: ({ row }) => <Badge variant="light">{row.original.rules.length}</Badge>,
    },
  ];

  if (flags.error && !flags.value) return <ErrorState message={flags.error} onRetry={reload} />;
  if (!flags.value) return <LoadingState />;
  return (
    <Stack gap="md">
      {failure ? <ErrorState message={failure} /> : null}
      <DataTable
        label="Feature flags"
        columns={columns}
        data={flags.value}
        getRowId={(flag) => flag.key}
        rowTestId={(id) => `flag-${id}`}
        empty={null}
        rowActions={(flag) => (
          <Button
            size="xs"
            variant="default"
            onClick={() => setEditing(flag)}
            aria-label={`Edit ${flag.key}`}
          >
            Edit
          </Button>
        )}
      />
      {editing ? (
        <FlagDialog
          flag={editing}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            reload();
          }}
        />
      ) : null}
    </Stack>
  );
}
