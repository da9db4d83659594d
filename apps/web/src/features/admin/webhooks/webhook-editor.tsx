import { Alert, Badge, Button, Group, Stack, Switch, Text, TextInput, Textarea } from '@mantine/core';
import { connectivityErrorCodes } from '@brizo/contract/error-codes';
import { useState } from 'react';
import { FormDialog, fieldErrorsOf, useSubmit } from '../../../components/admin';
import { errorMessage } from '../../../sdk/admin/api-error';
import type {
  ConnectivityApi,
  EventCategory,
  Webhook,
  WebhookSave,
  WebhookTestResult,
} from '../../../sdk/admin/connectivity';
import { EventPicker } from './event-picker';
import { PayloadBlock } from './payload-block';
import {
  formValuesOf,
  generateSecret,
  webhookFormFields,
  webhookFormSchema,
  type WebhookFormValues,
} from './webhook-form';

type Field = (typeof webhookFormFields)[number];
/** The server's refusals that belong on a field (its errorCode → the field). */
const serverFields: Readonly<Partial<Record<string, Field>>> = {
  [connectivityErrorCodes.webhookUrlRefused]: 'url',
  [connectivityErrorCodes.eventNotFound]: 'eventKeys',
};
type TestState =
  | { kind: 'idle' }
  | { kind: 'sending' }
  | { kind: 'answered'; result: WebhookTestResult }
  | { kind: 'refused'; message: string };

/**
 * Adds a webhook or edits one: its name, description, URL, signing secret (generated here, shown on
 * request, never read back from the server), the events it receives and whether it is active. "Send test
 * event" posts a sample event to the URL as it stands in the form and shows the receiver's answer.
 */
export function WebhookEditor({
  webhook,
  categories,
  connectivity,
  onSave,
  onClose,
}: {
  /** The webhook edited, or null for a new one. */
  webhook: Webhook | null;
  categories: EventCategory[];
  connectivity: ConnectivityApi;
  onSave: (save: WebhookSave) => Promise<void>;
  onClose: () => void;
}) {
  const [values, setValues] = useState<WebhookFormValues>(() => formValuesOf(webhook));
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [isSecretShown, setSecretShown] = useState(false);
  const [test, setTest] = useState<TestState>({ kind: 'idle' });
  const submission = useSubmit(onSave, serverFields);
  const set = <K extends keyof WebhookFormValues>(key: K, value: WebhookFormValues[K]) => {
    setValues((current) => ({ ...current, [key]: value }));
    setErrors((current) => ({ ...current, [key]: undefined }));
    if (submission.errorCode) submission.clear();
  };

  const submit = async () => {
    const read = webhookFormSchema.safeParse(values);
    if (!read.success) {
      setErrors(fieldErrorsOf(read.error.issues, webhookFormFields));
      submission.clear();
      return;
    }
    const { secret, description, ...rest } = read.data;
    // An empty secret on a saved webhook keeps the stored one; a new webhook may have none.
    await submission.run({ ...rest, description, secret: secret ? secret : webhook ? undefined : null });
  };

  const sendTest = async () => {
    const url = webhookFormSchema.shape.url.safeParse(values.url);
    if (!url.success) {
      setErrors((current) => ({ ...current, url: url.error.issues[0]?.message }));
      return;
    }
    setTest({ kind: 'sending' });
    try {
      const result = await connectivity.test({
        url: url.data,
        secret: values.secret || null,
        eventKey: values.eventKeys[0],
        webhookId: webhook?._id,
      });
      setTest({ kind: 'answered', result });
    } catch (failure) {
      setTest({ kind: 'refused', message: errorMessage(failure) ?? 'The test could not be sent' });
    }
  };

  return (
    <FormDialog
      title={webhook ? `Edit webhook ${webhook.displayName}` : 'Add webhook'}
      size="xl"
      closeLabel="Close dialog"
      noValidate
      submission={submission}
      submitLabel={webhook ? 'Save webhook' : 'Add webhook'}
      onSubmit={() => void submit()}
      onClose={onClose}
    >
      <TextInput
        label="Display name"
        required
        autoComplete="off"
        data-autofocus
        value={values.displayName}
        error={errors.displayName}
        onChange={(event) => set('displayName', event.currentTarget.value)}
      />
      <Textarea
        label="Description"
        size="md"
        rows={2}
        value={values.description}
        error={errors.description}
        onChange={(event) => set('description', event.currentTarget.value)}
      />
      <TextInput
        label="URL"
        description="Events are posted here as JSON."
        required
        type="url"
        autoComplete="off"
        placeholder="https://example.com/webhooks/brizo"
        value={values.url}
        error={errors.url ?? submission.fieldErrors.url}
        onChange={(event) => set('url', event.currentTarget.value)}
      />
      <Stack gap={6}>
        <TextInput
          label="Secret"
          description={
            webhook?.secret
              ? `A secret is stored (${webhook.secret}). Leave this empty to keep it.`
              : 'Each delivery is signed with it (HMAC-SHA256). Leave it empty to have one made for you.'
          }
          type={isSecretShown ? 'text' : 'password'}
          autoComplete="new-password"
          styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
          value={values.secret}
          error={errors.secret}
          onChange={(event) => set('secret', event.currentTarget.value)}
        />
        <Group gap="xs">
          <Button
            size="xs"
            variant="default"
            aria-label={isSecretShown ? 'Hide secret' : 'Show secret'}
            onClick={() => setSecretShown((shown) => !shown)}
          >
            {isSecretShown ? 'Hide' : 'Show'}
          </Button>
          <Button
            size="xs"
            variant="default"
            aria-label="Generate a secret"
            onClick={() => {
              set('secret', generateSecret());
              setSecretShown(true);
            }}
          >
            Generate
          </Button>
        </Group>
      </Stack>
      <EventPicker
        categories={categories}
        value={values.eventKeys}
        error={errors.eventKeys ?? submission.fieldErrors.eventKeys}
        onChange={(eventKeys) => set('eventKeys', eventKeys)}
      />
      <Switch
        label="Active"
        description="An inactive webhook keeps its settings but receives nothing."
        checked={values.isActive}
        onChange={(event) => set('isActive', event.currentTarget.checked)}
      />
      <Stack gap="xs">
        <Group gap="sm">
          <Button variant="light" loading={test.kind === 'sending'} onClick={() => void sendTest()}>
            Send test event
          </Button>
          <Text size="xs" c="dimmed">
            Posts a sample event to the URL above, signed with the secret.
          </Text>
        </Group>
        <TestOutcome test={test} />
      </Stack>
    </FormDialog>
  );
}

/** What the receiver answered to the test event: 200 or 201 is a success, anything else "failed". */
function TestOutcome({ test }: { test: TestState }) {
  return (
    <div role="status" aria-live="polite">
      {test.kind === 'refused' ? (
        <Alert color="red" variant="light" title="The test event could not be sent">
          {test.message}
        </Alert>
      ) : null}
      {test.kind === 'answered' ? <TestResult result={test.result} /> : null}
    </div>
  );
}

function TestResult({ result }: { result: WebhookTestResult }) {
  const succeeded = result.status === 'success';
  const answer =
    result.statusCode === null
      ? `No answer: ${result.error ?? 'the receiver could not be reached'}`
      : `The receiver answered ${result.statusCode} in ${result.durationMs} ms.`;
  return (
    <Alert
      color={succeeded ? 'teal' : 'red'}
      variant="light"
      title={
        <Group gap="xs">
          <span>Test event</span>
          <Badge color={succeeded ? 'teal.9' : 'red.9'} variant="filled">
            {result.status}
          </Badge>
        </Group>
      }
    >
      <Stack gap="xs">
        <Text size="sm">{answer}</Text>
        {result.responseBody ? <PayloadBlock label="Response body" text={result.responseBody} /> : null}
      </Stack>
    </Alert>
  );
}
