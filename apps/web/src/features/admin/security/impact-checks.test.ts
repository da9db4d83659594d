import { describe, expect, it } from 'vitest';
import { policyPreviewRequestSchema } from '@brizo/contract/entities/policy-preview';
import { domainChecks, generalSettingsChecks, ipChecks } from './impact-checks';
import type { GeneralSettings } from './use-security-settings';

const loaded: GeneralSettings = {
  enforceMFAType: 'DontForce',
  lockout: { enabled: false, maxAttempts: 5 },
  history: { enabled: false, historySize: 1 },
  rotation: { isActive: false, rotationPeriod: 129_600 },
  captcha: { enabled: false, siteKey: '' },
};

describe('impact checks', () => {
  it('previews only the general policies the draft changes, or every one when asked', () => {
    expect(generalSettingsChecks(loaded, loaded, false)).toEqual([]);
    expect(
      generalSettingsChecks(loaded, { ...loaded, captcha: { enabled: true, siteKey: 'k' } }, false),
    ).toEqual([]);
    const draft = {
      ...loaded,
      enforceMFAType: 'Force' as const,
      rotation: { isActive: true, rotationPeriod: 43_200 },
    };
    expect(generalSettingsChecks(loaded, draft, false).map((check) => check.request)).toEqual([
      { kind: 'mfa', policy: { enforceMFAType: 'Force' } },
      { kind: 'passwordRotation', policy: { isActive: true, rotationPeriod: 43_200 } },
    ]);
    expect(generalSettingsChecks(loaded, loaded, true).map((check) => check.request.kind)).toEqual([
      'mfa',
      'lockout',
      'passwordHistory',
      'passwordRotation',
    ]);
  });

  it('asks every check in the shape the server reads', () => {
    const checks = [
      ...generalSettingsChecks(loaded, loaded, true),
      ...ipChecks.settings({ isActive: true, strategy: 'ALLOW' }),
      ...ipChecks.add({ ip: '203.0.113.0/24', strategy: 'BLOCK' }),
      ...ipChecks.remove('0b5f3c2e-4d1a-4c8e-9f6b-2a7d9e1c3b40'),
      ...domainChecks.settings({ active: true, listType: 'BLOCK', blockPublicDomains: true }),
      ...domainChecks.add({ domain: 'example.com', type: 'ALLOW' }),
      ...domainChecks.remove('0b5f3c2e-4d1a-4c8e-9f6b-2a7d9e1c3b40'),
    ];
    for (const check of checks)
      expect(policyPreviewRequestSchema.safeParse(check.request).success).toBe(true);
  });
});
