import { Badge, Button, Group, MultiSelect, Stack, TextInput } from '@mantine/core';
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
  type Plan,
  type PlanFields,
  type Treatment,
} from '../../sdk/admin/console';
import { useCatalogue } from './catalogue';
import { RulesEditor } from './rules-editor';
import { draftsOf, rulesOf, type RuleDraft } from './rule-values';
import { TreatmentSelect } from './treatment-select';

/** Creates a plan, or changes one: its features, default treatment and targeting rules. */
function PlanDialog({
  plan,
  features,
  onClose,
  onSaved,
}: {
  plan: Plan | null;
  features: Feature[];
  onClose: () => void;
  onSaved: () => void;
}) {
  const [name, setName] = useState(plan?.name ?? '');
  const [description, setDescription] = useState(plan?.description ?? '');
  const [defaultTreatment, setDefaultTreatment] = useState<Treatment>(plan?.defaultTreatment ?? 'false');
  const [featureIds, setFeatureIds] = useState<string[]>(plan?.featureIds ?? []);
  const [rules, setRules] = useState<RuleDraft[]>(() => draftsOf(plan?.rules ?? []));
  const [invalid, setInvalid] = useState<string | null>(null);
  const submission = useSubmit(async (fields: PlanFields) => {
    await (plan ? consoleApi.updatePlan(plan.id, fields) : consoleApi.createPlan(fields));
    onSaved();
  });
  const submit = () => {
    const read = rulesOf(rules);
    if ('error' in read) return setInvalid(read.error);
    if (!name.trim()) return setInvalid('A plan needs a name');
    setInvalid(null);
    void submission.run({ name: name.trim(), description, defaultTreatment, featureIds, rules: read.rules });
  };
  return (
    <FormDialog
      title={plan ? `Edit plan ${plan.name}` : 'Create plan'}
      formLabel="Plan"
      closeLabel="Close"
      size="xl"
      noValidate
      submission={{ pending: submission.pending, error: invalid ?? submission.error }}
      submitLabel={plan ? 'Save plan' : 'Create plan'}
      onSubmit={submit}
      onClose={onClose}
    >
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
      <MultiSelect
        label="Features"
        data={features.map((feature) => ({ value: feature.id, label: feature.name }))}
        value={featureIds}
        onChange={setFeatureIds}
        searchable
      />
      <TreatmentSelect label="When no rule holds" value={defaultTreatment} onChange={setDefaultTreatment} />
      <RulesEditor rules={rules} onChange={setRules} />
    </FormDialog>
  );
}

/** The vendor's plans: bundles of features, with targeting rules. */
export function PlansTab() {
  const catalogue = useCatalogue();
  const [editing, setEditing] = useState<Plan | 'new' | null>(null);
  const removal = useConfirmation(async (plan: Plan) => {
    await consoleApi.deletePlan(plan.id);
    catalogue.reload();
  });
  const features = catalogue.value?.features ?? [];
  const nameOf = (id: string) => features.find((feature) => feature.id === id)?.name ?? id;
  const columns: ColumnDef<Plan>[] = [
    { id: 'name', header: 'Plan', cell: ({ row }) => row.original.name },
    { id: 'description', header: 'Description', cell: ({ row }) => row.original.description },
    {
      id: 'features',
      header: 'Features',
      cell: ({ row }) => (
        <Group gap={4}>
          {row.original.featureIds.map((id) => (
            <Badge key={id} variant="light">
              {nameOf(id)}
            </Badge>
          ))}
        </Group>
      ),
    },
    { id: 'rules', header: 'Rules', cell: ({ row }) => row.original.rules.length },
  ];

  const body = () => {
    if (catalogue.error && !catalogue.value)
      return <ErrorState message={catalogue.error} onRetry={catalogue.reload} />;
    if (!catalogue.value) return <LoadingState />;
    if (catalogue.value.plans.length === 0) return <EmptyState title="No plans yet" />;
    return (
      <DataTable
        label="Plans"
        columns={columns}
        data={catalogue.value.plans}
        getRowId={(plan) => plan.id}
        rowTestId={(_id, plan) => `plan-${plan.name}`}
        empty={null}
        rowActions={(plan) => (
          <RowActions name={plan.name} onEdit={() => setEditing(plan)} onDelete={() => removal.ask(plan)} />
        )}
      />
    );
  };

  return (
    <Stack gap="md">
      <Group>
        <Button onClick={() => setEditing('new')}>Create plan</Button>
      </Group>
      {body()}
      {editing ? (
        <PlanDialog
          plan={editing === 'new' ? null : editing}
          features={features}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            catalogue.reload();
          }}
        />
      ) : null}
      <ConfirmDialog title="Delete plan" confirmLabel="Delete" {...removal.dialog}>
        {`Delete the plan ${removal.target?.name ?? ''}? The entitlements to it end.`}
      </ConfirmDialog>
    </Stack>
  );
}
