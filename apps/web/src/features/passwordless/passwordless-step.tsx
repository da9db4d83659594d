import { Loader, Stack, Text } from '@mantine/core';
import type { PasswordlessStepName } from './steps';
import { CodeStep } from './code-step';
import { MagicLinkSentStep } from './magic-link-sent-step';

/** The body of each passwordless login step (the store's step decides; login-page maps it here). */
export function PasswordlessStep({ step, onRestart }: { step: PasswordlessStepName; onRestart: () => void }) {
  switch (step) {
    case 'magicLinkPreLoginSuccess':
      return <MagicLinkSentStep onRestart={onRestart} />;
    case 'loginWithOtc':
      return <CodeStep type="Code" onRestart={onRestart} />;
    case 'loginWithSmsOtc':
    case 'loginWithQuickSmsOtc':
      return <CodeStep type="SmsCode" onRestart={onRestart} />;
    case 'magicLinkPostLoginSuccess':
      return (
        <Stack align="center" gap="sm" py="md" role="status">
          <Text c="dimmed">Welcome back! Taking you to Brizo FoodMetrics...</Text>
          <Loader color="brand" size="sm" />
        </Stack>
      );
  }
}
