import {
  Button,
  Card,
  Group,
  NumberInput,
  PasswordInput,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useEffect, useState, type FormEvent } from 'react';
import {
  ErrorState,
  LoadingState,
  useAdminPortal,
  useFieldAppearance,
  useSubmit,
} from '../../../components/admin';
import { useCaptchaPolicy, type CaptchaPolicy } from './use-security-settings';
import { captchaDraftOf, parseCaptchaDraft, type CaptchaDraft, type CaptchaField } from './captcha-form';
import { SaveStatus } from './save-status';
import { WRITE } from './toggled-limits-tab';

/**
 * The captcha policy (SPEC section 3: enabled, siteKey). It covers every account's sign-in and sign-up,
 * so the server lets only superusers change it: everyone else sees it, disabled, and why.
 */
export function CaptchaCard() {
  const view = useCaptchaPolicy();
  const { viewer } = useAdminPortal();
  const appearance = useFieldAppearance('security', 'captcha', WRITE);
  const mayEdit = appearance === 'edit' && viewer.superUser;
  const [draft, setDraft] = useState<CaptchaDraft | null>(null);
  const [errors, setErrors] = useState<Partial<Record<CaptchaField, string>>>({});
  const saving = useSubmit(view.save);
  const { policy } = view;

  // The form follows each policy the server answers with (compared by content).
  const policyKey = policy ? JSON.stringify(policy) : null;
  useEffect(() => {
    if (policyKey) setDraft(captchaDraftOf(JSON.parse(policyKey) as CaptchaPolicy));
  }, [policyKey]);

  if (appearance === 'hidden') return null;
  if (view.loading && !draft) return <LoadingState />;
  if (view.error && !draft) return <ErrorState message={view.error} onRetry={view.load} />;
  if (!draft) return null;

  const edit = (change: Partial<CaptchaDraft>) => {
    setDraft({ ...draft, ...change });
    saving.reset();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = parseCaptchaDraft(draft);
    setErrors(parsed.ok ? {} : parsed.errors);
    if (parsed.ok) void saving.run(parsed.policy);
    else saving.clear();
  };

  return (
    <Card withBorder component="section" aria-labelledby="captcha-title">
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <div>
            <Text fw={600} id="captcha-title">
              Captcha
            </Text>
            <Text size="sm" c="dimmed">
              {mayEdit
                ? 'Ask for a reCAPTCHA check on sign-in and sign-up. It applies to every account.'
                : 'It applies to every account, so only a superuser can change it.'}
            </Text>
          </div>
          <Switch
            label="Captcha on sign-in and sign-up"
            checked={draft.enabled}
            disabled={!mayEdit}
            onChange={(event) => edit({ enabled: event.currentTarget.checked })}
          />
          <TextInput
            label="Site key"
            value={draft.siteKey}
            disabled={!mayEdit}
            required={draft.enabled}
            error={errors.siteKey}
            autoComplete="off"
            onChange={(event) => edit({ siteKey: event.currentTarget.value })}
          />
          <PasswordInput
            label="Secret key"
            description={mayEdit ? undefined : 'Shown to superusers only'}
            value={draft.secretKey}
            disabled={!mayEdit}
            required={draft.enabled}
            error={errors.secretKey}
            autoComplete="off"
            onChange={(event) => edit({ secretKey: event.currentTarget.value })}
          />
          <NumberInput
            label="Minimum score"
            description="From 0 (let everyone through) to 1 (only the most human-like)"
            value={draft.minScore}
            min={0}
            max={1}
            step={0.1}
            decimalScale={2}
            disabled={!mayEdit}
            error={errors.minScore}
            onChange={(value) => edit({ minScore: value })}
          />
          <Textarea
            label="Emails never asked for a captcha"
            description="One per line (for example, accounts your automated tests sign in with)"
            value={draft.ignoredEmails}

            rows={3}
            disabled={!mayEdit}
            error={errors.ignoredEmails}
            onChange={(event) => edit({ ignoredEmails: event.currentTarget.value })}
          />
          <SaveStatus error={saving.error} saved={saving.done} />
          <Group>
            <Button type="submit" loading={saving.pending} disabled={!mayEdit}>
              Save captcha policy
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
