import { Alert, Button, Checkbox, Group, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import type {
  PolicyPreview,
  PolicyPreviewItem,
  PolicyPreviewKind,
  PolicyPreviewRequest,
} from '@brizo/contract/entities/policy-preview';
import { DataTable, type ColumnDef } from '../data-table';
import { FormAlert } from '../../form-alert';
import { LoadingState } from '../section-page';

/** One policy of the dialog: what it is called, the page shown and how its last read went. */
export interface ImpactSection {
  title: string;
  kind: PolicyPreviewKind;
  /** The policy as the form would save it (each page turn asks it again). */
  request: PolicyPreviewRequest;
  /** 1-based. */
  page: number;
  answer: PolicyPreview | null;
  loading: boolean;
  error: string | null;
}

export interface ImpactDialogState {
  /** A new number each time the dialog opens: what was ticked the last time is forgotten. */
  id: number;
  /** `confirm`: asked before a save, which waits for the answer; `view`: the impact only. */
  mode: 'confirm' | 'view';
  confirmLabel: string;
  sections: ImpactSection[];
}

export const IMPACT_PAGE_SIZE = 10;

/** What the administrator ticks before a change that shuts them out, in the words of what it does. */
const acknowledgements: Partial<Record<PolicyPreviewKind, string>> = {
  ipRestriction: 'I understand this will sign me out',
  ssoEnforcement: 'I understand I will have to sign in through SSO',
  domainRestriction: 'I understand my own email domain will be refused',
};

const day = (value: string | null) => (value ? new Date(value).toLocaleDateString() : 'Never');

const columns: ColumnDef<PolicyPreviewItem>[] = [
  { id: 'name', header: 'Name', cell: ({ row }) => row.original.name || '—' },
  { id: 'email', header: 'Email', cell: ({ row }) => row.original.email },
  { id: 'reason', header: 'Reason', cell: ({ row }) => row.original.reason },
  { id: 'lastSignInAt', header: 'Last sign-in', cell: ({ row }) => day(row.original.lastSignInAt) },
  { id: 'lastIp', header: 'Last IP', cell: ({ row }) => row.original.lastIp ?? '—' },
];

function SectionView({ section, onPage }: { section: ImpactSection; onPage: (page: number) => void }) {
  const { answer } = section;
  return (
    <Stack gap="xs" component="section" aria-label={section.title}>
      <Text fw={600}>{section.title}</Text>
      <FormAlert message={section.error && `The impact could not be previewed: ${section.error}`} />
      {answer ? (
        <Text size="sm" data-testid="impact-summary">
          {answer.summary}
        </Text>
      ) : section.error ? null : (
        <LoadingState label="Previewing the impact..." />
      )}
      {answer?.self?.affected ? (
        <Alert color="red" variant="light" title="This affects you">
          {answer.self.reason}
        </Alert>
      ) : null}
      {answer && answer.affectedCount > 0 ? (
        <DataTable
          label={`Affected members: ${section.title}`}
          columns={columns}
          data={answer.items}
          getRowId={(item) => item.userId}
          page={section.page}
          pageCount={Math.ceil(answer.affectedCount / IMPACT_PAGE_SIZE)}
          onPageChange={onPage}
          loading={section.loading}
          empty={null}
          minWidth={720}
        />
      ) : null}
    </Stack>
  );
}

function DialogBody({
  state,
  onPage,
  onConfirm,
  onClose,
}: {
  state: ImpactDialogState;
  onPage: (section: number, page: number) => void;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const [understood, setUnderstood] = useState(false);
  const selfSection = state.sections.find((section) => section.answer?.self?.affected);
  const mustAcknowledge = state.mode === 'confirm' && selfSection !== undefined;
  return (
    <Stack gap="lg">
      {state.sections.map((section, index) => (
        <SectionView key={section.kind} section={section} onPage={(page) => onPage(index, page)} />
      ))}
      {mustAcknowledge ? (
        <Checkbox
          label={acknowledgements[selfSection.kind] ?? 'I understand this change applies to me'}
          checked={understood}
          onChange={(event) => setUnderstood(event.currentTarget.checked)}
        />
      ) : null}
      <Group justify="flex-end" gap="sm">
        {state.mode === 'confirm' ? (
          <>
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button disabled={mustAcknowledge && !understood} onClick={onConfirm}>
              {state.confirmLabel}
            </Button>
          </>
        ) : (
          <Button onClick={onClose}>Close</Button>
        )}
      </Group>
    </Stack>
  );
}

/**
 * Who a policy would affect (issue 14): for each policy, the server's one-sentence summary, a warning
 * when the change would shut out the administrator making it, and the affected members page by page
 * (name, email, reason, last sign-in, last IP). Before a save it asks to go on, and a change that shuts
 * the administrator out is saved only once they tick that they understand.
 */
export function PolicyImpactDialog({
  state,
  onPage,
  onConfirm,
  onClose,
}: {
  state: ImpactDialogState | null;
  onPage: (section: number, page: number) => void;
  onConfirm: () => void;
  onClose: () => void;
}) {
  return (
    <Modal
      opened={state !== null}
      onClose={onClose}
      title={state?.mode === 'view' ? 'Impact of these settings' : 'Review the impact before saving'}
      size="xl"
      centered
      closeButtonProps={{ 'aria-label': 'Close dialog' }}
    >
      {state ? (
        <DialogBody key={state.id} state={state} onPage={onPage} onConfirm={onConfirm} onClose={onClose} />
      ) : null}
    </Modal>
  );
}
