import type { RestrictionType } from '@brizo/contract/enums';
import type { ImpactCheck, PolicyImpact } from '../../../components/admin/policy-impact';
import type { GeneralSettings } from './use-security-settings';

// What the Security section's forms ask the policy impact preview (issue 14) before a save: each
// policy as the save would send it. The IP and email-domain lists are paged or long, so their checks
// name the change to the saved lists (an entry added or deleted, or the list settings).

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * General settings: the policies the draft changes (`all`: every one, to show the impact of the
 * settings as they stand). The rotation period is in minutes, as the save sends it.
 */
export function generalSettingsChecks(
  loaded: GeneralSettings,
  draft: GeneralSettings,
  all: boolean,
): ImpactCheck[] {
  const checks: ImpactCheck[] = [];
  if (all || draft.enforceMFAType !== loaded.enforceMFAType)
    checks.push({
      title: 'Multi-factor authentication',
      request: { kind: 'mfa', policy: { enforceMFAType: draft.enforceMFAType } },
    });
  if (all || !same(draft.lockout, loaded.lockout))
    checks.push({ title: 'User lockout', request: { kind: 'lockout', policy: draft.lockout } });
  if (all || !same(draft.history, loaded.history))
    checks.push({ title: 'Password history', request: { kind: 'passwordHistory', policy: draft.history } });
  if (all || !same(draft.rotation, loaded.rotation))
    checks.push({
      title: 'Password rotation',
      request: { kind: 'passwordRotation', policy: draft.rotation },
    });
  return checks;
}

const IP_TITLE = 'IP restrictions';

export const ipChecks = {
  /** Saving the list settings: enforced or not, and which list applies. */
  settings: (config: { isActive: boolean; strategy: RestrictionType }): ImpactCheck[] => [
    { title: IP_TITLE, request: { kind: 'ipRestriction', policy: config } },
  ],
  /** Adding an address or range to a list, under the saved settings. */
  add: (entry: { ip: string; strategy: RestrictionType }): ImpactCheck[] => [
    { title: IP_TITLE, request: { kind: 'ipRestriction', policy: { add: [entry] } } },
  ],
  /** Deleting a saved entry. */
  remove: (id: string): ImpactCheck[] => [
    { title: IP_TITLE, request: { kind: 'ipRestriction', policy: { removeIds: [id] } } },
  ],
};

const DOMAIN_TITLE = 'Email-domain restrictions';

export const domainChecks = {
  settings: (config: {
    active: boolean;
    listType: RestrictionType;
    blockPublicDomains: boolean;
  }): ImpactCheck[] => [{ title: DOMAIN_TITLE, request: { kind: 'domainRestriction', policy: config } }],
  add: (entry: { domain: string; type: RestrictionType }): ImpactCheck[] => [
    { title: DOMAIN_TITLE, request: { kind: 'domainRestriction', policy: { add: [entry] } } },
  ],
  remove: (id: string): ImpactCheck[] => [
    { title: DOMAIN_TITLE, request: { kind: 'domainRestriction', policy: { removeIds: [id] } } },
  ],
};

/**
 * A tab's settings whose save first shows the impact of `checks` (a save the administrator cancels
 * is not made); the save button waits while the preview is read.
 */
export function reviewedSave<Draft extends { saving: boolean; saveDraft: () => Promise<void> }>(
  draft: Draft,
  impact: PolicyImpact,
  checks: () => ImpactCheck[],
  saveLabel: string,
): Draft {
  return {
    ...draft,
    saving: draft.saving || impact.checking,
    saveDraft: async () => {
      if ((await impact.review(checks(), saveLabel)) !== 'cancelled') await draft.saveDraft();
    },
  };
}
