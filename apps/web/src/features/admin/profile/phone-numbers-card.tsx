import { Badge, Button, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { ConfirmDialog, ListCard, useConfirmation, type ColumnDef } from '../../../components/admin';
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

/** A deletion being confirmed: first the question, then, for a verified number, the texted code. */
interface Removal {
  phone: PhoneNumberRow;
  codeSent: boolean;
  /** The code as it completed itself, before the typed code's state is rendered. */
  code?: string;
}

/**
 * The user's phone numbers: added with a texted code; deleted after a confirmation and, for a
 * verified number, with a code texted to it (the SDK's deletePhoneNumber + verifyDeletePhoneNumber),
 * so a borrowed session cannot quietly remove the user's phone.
 */
export function PhoneNumbersCard({ viewOnly }: { viewOnly: boolean }) {
  const phones = useOwnPhoneNumbers();
  const [adding, setAdding] = useState(false);
  const [code, setCode] = useState('');
  const removal = useConfirmation(async ({ phone, codeSent, code: completed = code }: Removal) => {
    if (!codeSent) {
      await phones.remove(phone.id);
      // The dialog stays open, asking for the code texted to a verified number.
      if (phone.verified) removal.ask({ phone, codeSent: true });
      return;
    }
    if (completed.length !== 6) throw new Error('Enter the 6-digit code');
    await phones.verifyRemoval(phone.id, completed);
  });
  const { load } = phones;
  useEffect(() => load(), [load]);

  const deleting = removal.target;
  let deleteContent;
  if (deleting?.codeSent) {
    deleteContent = (
      <Stack gap="sm">
        <Text size="sm">{`We texted a 6-digit code to ${deleting.phone.phoneNumber}. Enter it to delete the number.`}</Text>
        <OneTimeCodeInput
          value={code}
          onChange={setCode}
          onComplete={(typed) => removal.confirm({ ...deleting, code: typed })}
        />
      </Stack>
    );
  } else {
    const number = deleting?.phone.phoneNumber ?? 'this number';
    deleteContent = deleting?.phone.verified
      ? `Delete ${number} from your profile? We will text a code to it to confirm.`
      : `Delete ${number} from your profile?`;
  }

  return (
    <ListCard
      titleId="profile-phones-title"
      title="Phone numbers"
      action={
        viewOnly ? null : (
          <Button variant="default" onClick={() => setAdding(true)}>
            Add phone number
          </Button>
        )
      }
      state={{
        rows: phones.phoneNumbers,
        loading: phones.loading,
        loadingLabel: 'Loading phone numbers...',
        error: phones.error,
        onRetry: load,
        empty: {
          title: 'No phone numbers yet',
          description: 'Add a number to receive codes by text message.',
        },
      }}
      columns={phoneColumns}
      getRowId={(phone) => phone.id}
      deleteLabel={(phone) => `Delete ${phone.phoneNumber}`}
      onDelete={
        viewOnly
          ? undefined
          : (phone) => {
              setCode('');
              removal.ask({ phone, codeSent: false });
            }
      }
    >
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
      <ConfirmDialog {...removal.dialog} title="Delete phone number" confirmLabel="Delete">
        {deleteContent}
      </ConfirmDialog>
    </ListCard>
  );
}
