import { Button, Card, Group, SegmentedControl, Stack, Switch, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { ConfirmDialog, DataTable, EmptyState, type ColumnDef } from '../../../components/admin';
import type { ImpactDecision } from '../../../components/admin/policy-impact';
import type { RestrictionType } from '@brizo/contract/enums';
import { SaveBar } from './save-status';
import type { RestrictionsEditor } from './use-restrictions-editor';

const LISTS: { value: RestrictionType; label: string }[] = [
  { value: 'ALLOW', label: 'Allow list' },
  { value: 'BLOCK', label: 'Block list' },
];

/**
 * A restrictions tab's settings: whether the restrictions are enforced, which list applies, what the
 * tab adds of its own (`children`), and the save.
 */
export function RestrictionSettingsCard<Config, Entry extends { id: string }>({
  editor,
  enforce,
  list,
  saveLabel,
  children,
  actions,
}: {
  editor: RestrictionsEditor<Config, Entry>;
  enforce: { label: string; description: string; checked: boolean; onChange: (checked: boolean) => void };
  /** The allow/block choice; `label` names the control for assistive technology. */
  list: { label: string; value: RestrictionType; onChange: (value: RestrictionType) => void };
  saveLabel: string;
  children: ReactNode;
  /** Beside the save button (the policy impact preview's "Preview impact"). */
  actions?: ReactNode;
}) {
  return (
    <Card withBorder>
      <Stack gap="sm">
        <Switch
          label={enforce.label}
          description={enforce.description}
          checked={enforce.checked}
          disabled={!editor.canWrite}
          onChange={(event) => enforce.onChange(event.currentTarget.checked)}
        />
        <SegmentedControl
          aria-label={list.label}
          value={list.value}
          disabled={!editor.canWrite}
          data={LISTS}
          onChange={(value) => list.onChange(value as RestrictionType)}
        />
        {children}
        <SaveBar label={saveLabel} draft={editor} disabled={!editor.canWrite}>
          {actions}
        </SaveBar>
      </Stack>
    </Card>
  );
}

/**
 * One allow or block list: the add form (for a viewer who may write), the entries with a delete
 * button each, "Show more" where the list is paged, and the confirmation of a deletion.
 */
export function RestrictionListCard<Config, Entry extends { id: string }>({
  editor,
  title,
  entries,
  columns,
  nameOf,
  empty,
  add,
  paging,
  removal,
  review,
}: {
  editor: RestrictionsEditor<Config, Entry>;
  /** The list's name: the card's heading and the table's accessible name. */
  title: string;
  entries: Entry[];
  columns: { header: string; cell: (entry: Entry) => ReactNode }[];
  /** How an entry is named on its delete button. */
  nameOf: (entry: Entry) => string;
  empty: { title: string; description: string };
  /** The tab's own inputs; `submit` adds their entry and clears them. */
  add: { fields: ReactNode; label: string; submit: () => Promise<void> };
  paging?: { hasMore: boolean; showMore: () => void };
  /** The dialog's title and question (asked of no entry while the dialog closes). */
  removal: { title: string; question: (entry: Entry | null) => string };
  /**
   * Issue 14: the policy impact preview, asked before an entry is added or deleted. A deletion whose
   * impact the administrator confirmed is not asked about again: `removeNow` deletes it.
   */
  review?: {
    add: () => Promise<ImpactDecision>;
    remove: (entry: Entry) => Promise<ImpactDecision>;
    removeNow: (entry: Entry) => Promise<void>;
  };
}) {
  const { canWrite, canDelete, saving } = editor;
  const submitAdd = async () => {
    if ((await review?.add()) === 'cancelled') return;
    await editor.run(add.submit);
  };
  const askRemoval = async (entry: Entry) => {
    const decision = await review?.remove(entry);
    if (decision === 'cancelled') return;
    if (decision === 'confirmed' && review) await editor.run(() => review.removeNow(entry));
    else editor.removal.ask(entry);
  };
  return (
    <>
      <Card withBorder>
        <Stack gap="sm">
          <Text fw={600}>{title}</Text>
          {canWrite ? (
            <form
              onSubmit={(event) => {
                event.preventDefault();
                void submitAdd();
              }}
            >
              <Group align="flex-end">
                {add.fields}
                <Button type="submit" loading={saving}>
                  {add.label}
                </Button>
              </Group>
            </form>
          ) : null}
          {entries.length === 0 ? (
            <EmptyState title={empty.title} description={empty.description} />
          ) : (
            <DataTable
              label={title}
              columns={columns.map((column): ColumnDef<Entry> => ({
                id: column.header,
                header: column.header,
                cell: ({ row }) => column.cell(row.original),
              }))}
              data={entries}
              getRowId={(entry) => entry.id}
              minWidth={0}
              empty={null}
              rowActions={(entry) => (
                <Button
                  size="xs"
                  variant="subtle"
                  color="red"
                  disabled={!canDelete}
                  aria-label={`Delete ${nameOf(entry)}`}
                  onClick={() => void askRemoval(entry)}
                >
                  Delete
                </Button>
              )}
            />
          )}
          {paging?.hasMore ? (
            <Group justify="center">
              <Button variant="subtle" onClick={paging.showMore}>
                Show more
              </Button>
            </Group>
          ) : null}
        </Stack>
      </Card>
      <ConfirmDialog {...editor.removal.dialog} title={removal.title} confirmLabel="Delete">
        {removal.question(editor.removal.target)}
      </ConfirmDialog>
    </>
  );
}
