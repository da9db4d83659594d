import { Button, Stack, Text } from './plain-ui';

/** Stands in for a sign-in step the login box does not offer yet. */
export function NotAvailableCard({ step, onBack }: { step: string; onBack?: () => void }) {
  return (
    <Stack gap="md" data-step={step}>
      <Text style={{ fontWeight: 600 }}>This sign-in step is not available yet</Text>
      <Text size="sm" dimmed>
        Your account asks for a sign-in method ({step}) that this page does not support yet. Please try again
        later or contact your administrator.
      </Text>
      {onBack && (
        <Button variant="light" onClick={onBack}>
          Back to sign in
        </Button>
      )}
    </Stack>
  );
}
