import { Badge, Button, Checkbox, Group, MultiSelect, Stack, Switch, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import {
  ConfirmDialog,
  DataTable,
  EmptyState,
  ErrorState,
  FormDialog,
  LoadingState,
  RowActions,
  useConfirmation,
  useSubmit,
  type ColumnDef,
} from '../../components/admin';
import {
  consoleApi,
  type Feature,
  type FeatureFields,
  type Plan,
  type Treatment,
} from '../../sdk/admin/console';
import { listOf, useCatalogue } from './catalogue';
import { RulesEditor } from './rules-editor';
import { draftsOf, rulesOf, type RuleDraft } from './rule-values';
import { TreatmentSelect } from './treatment-select';

/** Creates a feature, or changes one: its linked permissions, plans and own feature flag. */
function FeatureDialog({
  feature,
  plans,
  onClose,
  onSaved,
}: {
  feature: Feature | null;
  plans: Plan[];
  onClose: () => void;
  onSaved: () => void;
}) {
  const flag = feature?.featureFlag ?? null;
  const [key, setKey] = useState(feature?.key ?? '');
  const [name, setName] = useState(feature?.name ?? '');
  const [description, setDescription] = useState(feature?.description ?? '');
  const [permissions, setPermissions] = useState(feature?.linkedPermissions.join(', ') ?? '');
  const [planIds, setPlanIds] = useState<string[]>(feature?.planIds ?? []);
  const [hasFlag, setHasFlag] = useState(flag !== null);
  const [flagOn, setFlagOn] = useState(flag?.on ?? false);
  const [offTreatment, setOffTreatment] = useState<Treatment>(flag?.offTreatment ?? 'false');
  const [defaultTreatment, setDefaultTreatment] = useState<Treatment>(flag?.defaultTreatment ?? 'true');
  const [rules, setRules] = useState<RuleDraft[]>(() => draftsOf(flag?.rules ?? []));
  const [invalid, setInvalid] = useState<string | null>(null);
  const submission = useSubmit(async (fields: FeatureFields) => {
    await (feature ? consoleApi.updateFeature(feature.id, fields) : consoleApi.createFeature(fields));
    onSaved();
  });
  const submit = () => {
    const read = rulesOf(hasFlag ? rules : []);
    if ('error' in read) return setInvalid(read.error);
    if (!key.trim() || !name.trim()) return setInvalid('A feature needs a key and a name');
    setInvalid(null);
    void submission.run({
      key: key.trim(),
      name: name.trim(),
      description,
      linkedPermissions: listOf(permissions),
      planIds,
      featureFlag: hasFlag ? { on: flagOn, offTreatment, defaultTreatment, rules: read.rules } : null,
    });
  };
  return (
    <FormDialog
      title={feature ? `Edit feature ${feature.name}` : 'Create feature'}
      formLabel="Feature"
      closeLabel="Close"
      size="xl"
      noValidate
      submission={{ pending: submission.pending, error: invalid ?? submission.error }}
      submitLabel={feature ? 'Save feature' : 'Create feature'}
      onSubmit={submit}
      onClose={onClose}
    >
      <TextInput
        label="Key"
        required
        description="Lower-case letters, digits, dots, dashes or underscores"
        value={key}
        onChange={(event) => setKey(event.currentTarget.value)}
      />
      <TextInput
        label="Name"
        required
        value={name}
        onChange={(event) => setName(event.currentTarget.value)}
      />
      <TextInput
        label="Description"
        value={description}
        onChange={(event) => setDescription(event.currentTarget.value)}
      />
      <TextInput
        label="Linked permissions"
        description="Permission keys, separated by commas: these actions need the feature"
        value={permissions}
        onChange={(event) => setPermissions(event.currentTarget.value)}
      />
      <MultiSelect
        label="Plans"
        data={plans.map((plan) => ({ value: plan.id, label: plan.name }))}
        value={planIds}
        onChange={setPlanIds}
        searchable
      />
      <Checkbox
        label="Has its own feature flag"
        checked={hasFlag}
        onChange={(event) => setHasFlag(event.currentTarget.checked)}
      />
      {hasFlag ? (
        <Stack gap="sm">
          <Switch
            label="Flag on"
            checked={flagOn}
            onChange={(event) => setFlagOn(event.currentTarget.checked)}
          />
          <TreatmentSelect label="When off" value={offTreatment} onChange={setOffTreatment} />
          <TreatmentSelect
            label="When on and no rule holds"
            value={defaultTreatment}
            onChange={setDefaultTreatment}
          />
          <RulesEditor rules={rules} onChange={setRules} />
        </Stack>
      ) : null}
    </FormDialog>
  );
}

/** The product's features: the permissions that need them, the plans holding them, their flags. */
export function FeaturesTab() {
  const catalogue = useCatalogue();
  const [editing, setEditing] = useState<Feature | 'new' | null>(null);
  const removal = useConfirmation(async (feature: Feature) => {
    await consoleApi.deleteFeature(feature.id);
    catalogue.reload();
  });
  const plans = catalogue.value?.plans ?? [];
  const planName = (id: string) => plans.find((plan) => plan.id === id)?.name ?? id;
  const columns: ColumnDef<Feature>[] = [
    {
      id: 'name',
      header: 'Feature',
      cell: ({ row }) => (
        <Stack gap={0}>
          <Text size="sm" fw={500}>
            {row.original.name}
          </Text>
          <Text size="xs" c="dimmed">
            {row.original.key}
          </Text>
        </Stack>
      ),
    },
    {
      id: 'permissions',
      header: 'Linked permissions',
      cell: ({ row }) => row.original.linkedPermissions.join(', ') || '—',
    },
    {
      id: 'plans',
      header: 'Plans',
      cell: ({ row }) => (
        <Group gap={4}>
          {row.original.planIds.map((id) => (
            <Badge key={id} variant="light">
              {planName(id)}
            </Badge>
          ))}
        </Group>
      ),
    },
    {
      id: 'flag',
      header: 'Flag',
      cell: ({ row }) => {
        const flag = row.original.featureFlag;
        return flag ? (flag.on ? 'On' : 'Off') : '—';
      },
    },
  ];

  const body = () => {
    if (catalogue.error && !catalogue.value)
      return <ErrorState message={catalogue.error} onRetry={catalogue.reload} />;
    if (!catalogue.value) return <LoadingState />;
    if (catalogue.value.features.length === 0) return <EmptyState title="No features yet" />;
    return (
      <DataTable
        label="Features"
        columns={columns}
        data={catalogue.value.features}
        getRowId={(feature) => feature.id}
        rowTestId={(_id, feature) => `feature-${feature.key}`}
        empty={null}
        rowActions={(feature) => (
          <RowActions
            name={feature.name}
            onEdit={() => setEditing(feature)}
            onDelete={() => removal.ask(feature)}
          />
        )}
      />
    );
  };

  return (
    <Stack gap="md">
      <Group>
        <Button onClick={() => setEditing('new')}>Create feature</Button>
      </Group>
      {body()}
      {editing ? (
        <FeatureDialog
          feature={editing === 'new' ? null : editing}
          plans={plans}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            catalogue.reload();
          }}
        />
      ) : null}
      <ConfirmDialog title="Delete feature" confirmLabel="Delete" {...removal.dialog}>
        {`Delete the feature ${removal.target?.name ?? ''}? The entitlements to it end.`}
      </ConfirmDialog>
    </Stack>
  );
}
