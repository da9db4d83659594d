import { Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import {
  ConfirmDialog,
  DataTable,
  EmptyState,
  ErrorState,
  LoadingState,
  type ColumnDef,
} from '../../../components/admin';
import { OneTimeCodeInput } from '../../../components/one-time-code-input';
import { useOwnPhoneNumbers, type PhoneNumberRow } from '../../../sdk/admin/profile';
import { phoneSchema } from './profile-form';
import { VerifyByCodeDialog } from './verify-by-code-dialog';

const phoneColumns: ColumnDef<PhoneNumberRow>[] = [
  { id: 'phoneNumber', header: 'Phone number', cell: ({ row }) => row.original.phoneNumber },
  {
    id: 'status',
    header: 'Status',
    cell: ({ row }) => (
      <Badge color={row.original.verified ? 'green' : 'gray'} variant="light">
        {row.original.verified ? 'Verified' : 'Not verified'}
      </Badge>
    ),
  },
];

/**
 * The user's phone numbers: added with a texted code; deleted after a confirmation and, for a
 * verified number, with a code texted to it (the SDK's deletePhoneNumber + verifyDeletePhoneNumber),
 * so a borrowed session cannot quietly remove the user's phone.
 */
export function PhoneNumbersCard({ viewOnly }: { viewOnly: boolean }) {
  const phones = useOwnPhoneNumbers();
  const [adding, setAdding] = useState(false);
  const [deleting, setDeleting] = useState<PhoneNumberRow | null>(null);
  /** True once the delete of a verified number texted its code: the dialog then asks for it. */
  const [codeSent, setCodeSent] = useState(false);
  const [code, setCode] = useState('');
  const [deleteBusy, setDeleteBusy] = useState(false);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const { load } = phones;
  useEffect(() => load(), [load]);

  const closeDelete = () => {
    setDeleting(null);
    setCodeSent(false);
    setCode('');
    setDeleteError(null);
  };

  const confirmDelete = async (typed = code) => {
    if (!deleting || deleteBusy) return;
    if (codeSent && typed.length !== 6) {
      setDeleteError('Enter the 6-digit code');
      return;
    }
    setDeleteBusy(true);
    setDeleteError(null);
    try {
      if (codeSent) {
        await phones.verifyRemoval(deleting.id, typed);
        closeDelete();
      } else {
        await phones.remove(deleting.id);
        if (deleting.verified) setCodeSent(true);
        else closeDelete();
      }
    } catch (failure) {
      setDeleteError(failure instanceof Error ? failure.message : 'Unknown error occurred');
    } finally {
      setDeleteBusy(false);
    }
  };

  let deleteContent;
  if (codeSent) {
    deleteContent = (
      <Stack gap="sm">
        <Text size="sm">{`We texted a 6-digit code to ${deleting?.phoneNumber ?? 'the number'}. Enter it to delete the number.`}</Text>
        <OneTimeCodeInput value={code} onChange={setCode} onComplete={(typed) => void confirmDelete(typed)} />
      </Stack>
    );
  } else {
    const number = deleting?.phoneNumber ?? 'this number';
    deleteContent = deleting?.verified
      ? `Delete ${number} from your profile? We will text a code to it to confirm.`
      : `Delete ${number} from your profile?`;
  }

  const addButton = viewOnly ? null : (
    <Button variant="default" onClick={() => setAdding(true)}>
      Add phone number
    </Button>
  );

  let content;
  if (phones.loading) content = <LoadingState label="Loading phone numbers..." />;
  else if (phones.error && phones.phoneNumbers.length === 0)
    content = <ErrorState message={phones.error} onRetry={load} />;
  else if (phones.phoneNumbers.length === 0) {
    content = (
      <EmptyState title="No phone numbers yet" description="Add a number to receive codes by text message." />
    );
  } else {
    content = (
      <DataTable
        label="Phone numbers"
        columns={phoneColumns}
        data={phones.phoneNumbers}
        getRowId={(phone) => phone.id}
        minWidth={0}
        empty={null}
        rowActions={(phone) =>
          viewOnly ? null : (
            <Group justify="flex-end">
              <Button
                size="xs"
                variant="subtle"
                color="red"
                aria-label={`Delete ${phone.phoneNumber}`}
                onClick={() => setDeleting(phone)}
              >
                Delete
              </Button>
            </Group>
          )
        }
      />
    );
  }

  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="profile-phones-title">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={2} fz="lg" id="profile-phones-title">
            Phone numbers
          </Title>
          {addButton}
        </Group>
        {content}
      </Stack>
      <VerifyByCodeDialog
        opened={adding}
        title="Add phone number"
        field={{
          name: 'phoneNumber',
          label: 'Phone number',
          type: 'tel',
          autoComplete: 'tel',
          placeholder: '+15550100199',
        }}
        schema={phoneSchema}
        send={phones.add}
        verify={(_phoneNumber, code) => phones.verify(code)}
        sentTo={(phoneNumber) => `We texted a 6-digit code to ${phoneNumber}. Enter it to verify the number.`}
        onClose={() => setAdding(false)}
        onVerified={() => undefined}
      />
      <ConfirmDialog
        opened={deleting !== null}
        title="Delete phone number"
        confirmLabel="Delete"
        loading={deleteBusy}
        error={deleteError}
        onConfirm={() => void confirmDelete()}
        onClose={closeDelete}
      >
        {deleteContent}
      </ConfirmDialog>
    </Card>
  );
}
