import { Button, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { ErrorState, LoadingState, useCan } from '../../../components/admin';
import type { ImpactCheck, PolicyImpact } from '../../../components/admin/policy-impact';
import type { FieldAppearance } from '../../../lib/admin-portal';
import { reviewedSave } from './impact-checks';
import { SaveBar } from './save-status';
import { ToggledLimitCards, type ToggledLimit } from './toggled-limit-card';
import { useSettingsDraft, type SettingsDraft } from './use-settings-draft';

export const WRITE = 'fe.secure.write.securityPolicy';

/**
 * A security tab of switch-and-number policies saved together (general settings, sessions): the
 * tab's own fields first, then one card per policy, the save, and what the tab keeps apart. A first
 * or failed load replaces the whole tab, except while a save (which reloads) runs.
 */
export function ToggledLimitsTab<Settings>({
  view,
  limits,
  appearance,
  saveLabel,
  viewOnlyNote,
  fields,
  apart,
  impact,
}: {
  view: {
    loaded: Settings;
    loading: boolean;
    error: string | null;
    load: () => void;
    save: (next: Settings) => Promise<void>;
  };
  limits: ToggledLimit<Settings>[];
  appearance: Partial<Record<keyof Settings, FieldAppearance>>;
  saveLabel: string;
  /** Said beside the save button to a viewer who may not write. */
  viewOnlyNote?: string;
  /** The tab's fields that are not switch-and-number policies (the MFA policy). */
  fields?: (settings: SettingsDraft<Settings>, canWrite: boolean) => ReactNode;
  /** Shown after the save, saved on its own (the captcha policy). */
  apart?: ReactNode;
  /**
   * Issue 14: the policy impact preview. A save first shows who the changed policies affect (`checks`
   * of the loaded settings and the draft; `all`: every policy, for "Preview impact").
   */
  impact?: {
    gate: PolicyImpact;
    checks: (loaded: Settings, draft: Settings, all: boolean) => ImpactCheck[];
  };
}) {
  const canWrite = useCan(WRITE);
  const settings = useSettingsDraft({ loaded: view.loaded, load: view.load, save: view.save });
  const saving = impact
    ? reviewedSave(settings, impact.gate, () => impact.checks(view.loaded, settings.draft, false), saveLabel)
    : settings;

  if (view.loading && !settings.saving) return <LoadingState />;
  if (view.error && !settings.saving) return <ErrorState message={view.error} onRetry={view.load} />;

  return (
    <Stack gap="md">
      {fields?.(settings, canWrite)}
      <ToggledLimitCards
        policies={limits}
        appearance={appearance}
        canWrite={canWrite}
        draft={settings.draft}
        onChange={settings.setDraft}
      />
      <SaveBar label={saveLabel} draft={saving} disabled={!canWrite}>
        {impact?.gate.available ? (
          <Button
            variant="default"
            onClick={() => impact.gate.show(impact.checks(view.loaded, settings.draft, true))}
          >
            Preview impact
          </Button>
        ) : null}
        {canWrite || !viewOnlyNote ? null : (
          <Text c="dimmed" size="sm">
            {viewOnlyNote}
          </Text>
        )}
      </SaveBar>
      {apart}
      {impact?.gate.dialog}
    </Stack>
  );
}
