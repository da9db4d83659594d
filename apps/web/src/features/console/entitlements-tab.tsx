import { Button, Card, Group, SegmentedControl, Select, Stack, Switch, Text, TextInput } from '@mantine/core';
import { useCallback, useState } from 'react';
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
import { consoleApi, type Entitlement, type EntitlementFields } from '../../sdk/admin/console';
import { useLoaded } from '../../sdk/admin/use-loaded';
import { useCatalogue } from './catalogue';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether admin actions need the features linked to their permission, for every account. */
function EnforcementSetting() {
  const setting = useLoaded(consoleApi.isEnforced);
  const submission = useSubmit(async (enabled: boolean) => {
    await consoleApi.setEnforced(enabled);
    setting.reload();
  });
  return (
    <Card withBorder padding="md">
      <Stack gap="xs">
        <Switch
          label="Entitlements on"
          description="On: an admin action whose permission a feature links needs that feature."
          checked={setting.value ?? false}
          disabled={setting.value === null || submission.pending}
          onChange={(event) => void submission.run(event.currentTarget.checked)}
        />
        {(setting.error ?? submission.error) ? (
          <Text size="sm" c="red" role="alert">
            {setting.error ?? submission.error}
          </Text>
        ) : null}
      </Stack>
    </Card>
  );
}

/** Entitles the account, or one of its members, to a plan or a feature, until a date or for good. */
function GrantDialog({
  tenantId,
  onClose,
  onSaved,
}: {
  tenantId: string;
  onClose: () => void;
  onSaved: () => void;
}) {
  const catalogue = useCatalogue();
  const [kind, setKind] = useState<'plan' | 'feature'>('plan');
  const [targetId, setTargetId] = useState<string | null>(null);
  const [userId, setUserId] = useState('');
  const [endsOn, setEndsOn] = useState('');
  const [invalid, setInvalid] = useState<string | null>(null);
  const submission = useSubmit(async (fields: EntitlementFields) => {
    await consoleApi.grant(fields);
    onSaved();
  });
  const choices =
    kind === 'plan'
      ? (catalogue.value?.plans ?? []).map((plan) => ({ value: plan.id, label: plan.name }))
      : (catalogue.value?.features ?? []).map((feature) => ({ value: feature.id, label: feature.name }));
  const submit = () => {
    if (!targetId) return setInvalid(`Choose a ${kind}`);
    if (userId.trim() && !UUID.test(userId.trim())) return setInvalid('The user id is not a valid id');
    setInvalid(null);
    void submission.run({
      tenantId,
      userId: userId.trim() || null,
      planId: kind === 'plan' ? targetId : null,
      featureId: kind === 'feature' ? targetId : null,
      // The end date's last moment, as trials end (the day after at 03:59:59 UTC).
      expiresAt: endsOn ? new Date(`${endsOn}T23:59:59.000Z`).toISOString() : null,
    });
  };
  return (
    <FormDialog
      title="Grant entitlement"
      formLabel="Grant entitlement"
      closeLabel="Close"
      noValidate
      submission={{ pending: submission.pending, error: invalid ?? submission.error ?? catalogue.error }}
      submitLabel="Grant"
      onSubmit={submit}
      onClose={onClose}
    >
      <SegmentedControl
        aria-label="Entitle to"
        value={kind}
        onChange={(value) => {
          setKind(value === 'feature' ? 'feature' : 'plan');
          setTargetId(null);
        }}
        data={[
          { value: 'plan', label: 'A plan' },
          { value: 'feature', label: 'A feature' },
        ]}
      />
      <Select
        label={kind === 'plan' ? 'Plan' : 'Feature'}
        data={choices}
        value={targetId}
        onChange={setTargetId}
        searchable
      />
      <TextInput
        label="User id"
        description="Empty: the whole account"
        value={userId}
        onChange={(event) => setUserId(event.currentTarget.value)}
      />
      <TextInput
        type="date"
        label="Ends on"
        description="Empty: never ends"
        value={endsOn}
        onChange={(event) => setEndsOn(event.currentTarget.value)}
      />
    </FormDialog>
  );
}

/** One account's entitlements (tenant-wide and its users'), granted and revoked here. */
export function EntitlementsTab({ activeTenantId }: { activeTenantId: string | null }) {
  const [typed, setTyped] = useState(activeTenantId ?? '');
  const [tenantId, setTenantId] = useState(activeTenantId ?? '');
  const [granting, setGranting] = useState(false);
  const catalogue = useCatalogue();
  const load = useCallback(
    () => (UUID.test(tenantId) ? consoleApi.entitlements(tenantId) : Promise.resolve<Entitlement[]>([])),
    [tenantId],
  );
  const list = useLoaded(load);
  const revoking = useConfirmation(async (entitlement: Entitlement) => {
    await consoleApi.revoke(entitlement.id);
    list.reload();
  });
  const nameOf = (entitlement: Entitlement) =>
    entitlement.planId
      ? `Plan ${catalogue.value?.plans.find((plan) => plan.id === entitlement.planId)?.name ?? entitlement.planId}`
      : `Feature ${catalogue.value?.features.find((feature) => feature.id === entitlement.featureId)?.name ?? entitlement.featureId}`;
  const columns: ColumnDef<Entitlement>[] = [
    { id: 'target', header: 'Entitled to', cell: ({ row }) => nameOf(row.original) },
    { id: 'who', header: 'Who', cell: ({ row }) => row.original.userId ?? 'The whole account' },
    { id: 'ends', header: 'Ends', cell: ({ row }) => row.original.expiresAt?.slice(0, 10) ?? 'Never' },
  ];

  const body = () => {
    if (!UUID.test(tenantId)) return <EmptyState title="Enter an account id to see its entitlements" />;
    if (list.error) return <ErrorState message={list.error} onRetry={list.reload} />;
    if (!list.value) return <LoadingState />;
    if (list.value.length === 0) return <EmptyState title="This account has no entitlements" />;
    return (
      <DataTable
        label="Entitlements"
        columns={columns}
        data={list.value}
        getRowId={(entitlement) => entitlement.id}
        empty={null}
        rowActions={(entitlement) => (
          <RowActions name={nameOf(entitlement)}>
            <Button
              size="xs"
              variant="subtle"
              color="red"
              onClick={() => revoking.ask(entitlement)}
              aria-label={`Revoke ${nameOf(entitlement)}`}
            >
              Revoke
            </Button>
          </RowActions>
        )}
      />
    );
  };

  return (
    <Stack gap="md">
      <EnforcementSetting />
      <form
        onSubmit={(event) => {
          event.preventDefault();
          setTenantId(typed.trim());
        }}
      >
        <Group align="flex-end">
          <TextInput
            label="Account id"
            w={360}
            value={typed}
            onChange={(event) => setTyped(event.currentTarget.value)}
          />
          <Button type="submit" variant="default">
            Show
          </Button>
          <Button onClick={() => setGranting(true)} disabled={!UUID.test(tenantId)}>
            Grant entitlement
          </Button>
        </Group>
      </form>
      {body()}
      {granting ? (
        <GrantDialog
          tenantId={tenantId}
          onClose={() => setGranting(false)}
          onSaved={() => {
            setGranting(false);
            list.reload();
          }}
        />
      ) : null}
      <ConfirmDialog title="Revoke entitlement" confirmLabel="Revoke" {...revoking.dialog}>
        {revoking.target ? `Revoke ${nameOf(revoking.target)}?` : ''}
      </ConfirmDialog>
    </Stack>
  );
}
