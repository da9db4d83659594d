import { Badge, Button, Card, Group, Stack, Table, Title, VisuallyHidden } from '@mantine/core';
import { useEffect, useState } from 'react';
import { ConfirmDialog, EmptyState, ErrorState, LoadingState } from '../../components/admin';
import { useOwnPhoneNumbers, type PhoneNumberRow } from '../../sdk/hooks/admin-profile';
import { phoneSchema } from './profile-form';
import { VerifyByCodeDialog } from './verify-by-code-dialog';

/** The user's phone numbers: added with a texted code, deleted after a confirmation. */
export function PhoneNumbersCard({ viewOnly }: { viewOnly: boolean }) {
  const phones = useOwnPhoneNumbers();
  const [adding, setAdding] = useState(false);
  const [deleting, setDeleting] = useState<PhoneNumberRow | null>(null);
  const [deleteBusy, setDeleteBusy] = useState(false);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const { load } = phones;
  useEffect(() => load(), [load]);

  const confirmDelete = async () => {
    if (!deleting) return;
    setDeleteBusy(true);
    setDeleteError(null);
    try {
      await phones.remove(deleting.id);
      setDeleting(null);
    } catch (failure) {
      setDeleteError(failure instanceof Error ? failure.message : 'Unknown error occurred');
    } finally {
      setDeleteBusy(false);
    }
  };

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
      <Table aria-label="Phone numbers" verticalSpacing="sm">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Phone number</Table.Th>
            <Table.Th scope="col">Status</Table.Th>
            <Table.Th scope="col">
              <VisuallyHidden>Actions</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {phones.phoneNumbers.map((phone) => (
            <Table.Tr key={phone.id}>
              <Table.Td>{phone.phoneNumber}</Table.Td>
              <Table.Td>
                <Badge color={phone.verified ? 'green' : 'gray'} variant="light">
                  {phone.verified ? 'Verified' : 'Not verified'}
                </Badge>
              </Table.Td>
              <Table.Td ta="right">
                {viewOnly ? null : (
                  <Button
                    size="xs"
                    variant="subtle"
                    color="red"
                    aria-label={`Delete ${phone.phoneNumber}`}
                    onClick={() => setDeleting(phone)}
                  >
                    Delete
                  </Button>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
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
        onClose={() => {
          setDeleting(null);
          setDeleteError(null);
        }}
      >
        {`Delete ${deleting?.phoneNumber ?? 'this number'} from your profile?`}
      </ConfirmDialog>
    </Card>
  );
}
