import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { PolicyPreview, PolicyPreviewRequest } from '@brizo/contract/entities/policy-preview';
import { renderScreen } from '../../../testing/render';
import { GeneralTab } from './general-tab';
import { IpTab } from './ip-tab';
import type { GeneralSettings } from './use-security-settings';
import type { IpRestriction } from './use-restrictions';

// Issue 14, the policy impact preview in the Security section's forms: a save first shows who the
// change affects, paged; a change that shuts out the administrator saving it needs their explicit
// confirmation; a viewer who may not save can still see the impact of the settings as they stand.

const settings: GeneralSettings = {
  enforceMFAType: 'DontForce',
  lockout: { enabled: false, maxAttempts: 5 },
  history: { enabled: false, historySize: 1 },
  rotation: { isActive: false, rotationPeriod: 129_600 },
  captcha: { enabled: false, siteKey: '' },
};
const ipConfig = { isActive: true, strategy: 'BLOCK' as const };
const ENTRY_ID = '0b5f3c2e-4d1a-4c8e-9f6b-2a7d9e1c3b40';
const ipEntries: IpRestriction[] = [
  { id: ENTRY_ID, ip: '198.51.100.0/24', strategy: 'BLOCK', isActive: true, description: 'Office' },
];

/** A member as the server lists them. */
const member = (n: number) => ({
  userId: `u${n}`,
  email: `member-${String(n).padStart(2, '0')}@acme.test`,
  name: `Member ${n}`,
  reason: 'Not enrolled in MFA',
  lastSignInAt: n % 2 ? '2026-03-01T10:00:00.000Z' : null,
  lastIp: n % 2 ? '203.0.113.9' : null,
});

const nobody = (kind: PolicyPreview['kind']): PolicyPreview => ({
  kind,
  affectedCount: 0,
  items: [],
  self: null,
  summary: 'Nobody is affected',
});

const sdk = vi.hoisted(() => ({
  save: vi.fn(async (_next: unknown) => undefined),
  saveConfig: vi.fn(async (_next: unknown) => undefined),
  remove: vi.fn(async (_id: string) => undefined),
  add: vi.fn(async (_entry: unknown) => undefined),
  preview: vi.fn(),
  permissions: ['fe.secure.read.securityPolicy', 'fe.secure.write.securityPolicy'] as string[],
}));
vi.mock('../../../sdk/admin/policy-preview', () => ({
  usePolicyPreviewApi: () => ({ preview: sdk.preview }),
}));
vi.mock('./use-security-settings', () => ({
  useCaptchaPolicy: () => ({
    policy: { enabled: false, siteKey: '', secretKey: '', minScore: 0.5, ignoredEmails: [] },
    loading: false,
    error: null,
    load: () => undefined,
    save: async () => undefined,
  }),
  useGeneralSettings: () => ({
    settings,
    loading: false,
    error: null,
    load: () => undefined,
    save: sdk.save,
  }),
}));
vi.mock('./use-restrictions', () => ({
  useCurrentIp: () => ({ ip: '198.51.100.23', countryCode: null }),
  useIpRestrictions: () => ({
    config: ipConfig,
    restrictions: ipEntries,
    hasMore: false,
    showMore: () => undefined,
    loading: false,
    saving: false,
    error: null,
    load: () => undefined,
    testCurrentIp: async () => true,
    add: sdk.add,
    remove: sdk.remove,
    saveConfig: sdk.saveConfig,
  }),
}));
vi.mock('../../../components/admin', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  useCan: (permission: string) => sdk.permissions.includes(permission) || permission.includes('.read.'),
  useAdminPortal: () => ({
    configuration: {},
    viewer: { permissions: [], superUser: false },
    preview: false,
  }),
  useFieldAppearance: () =>
    sdk.permissions.includes('fe.secure.write.securityPolicy') ? 'edit' : 'viewOnly',
}));

describe('policy impact preview', { timeout: 30_000 }, () => {
  beforeEach(() => {
    vi.clearAllMocks();
    sdk.permissions = [
      'fe.secure.read.securityPolicy',
      'fe.secure.write.securityPolicy',
      'fe.secure.write.ipRestrictions',
      'fe.secure.delete.ipRestrictions',
    ];
  });

  it('MFA required: the save shows the members not enrolled, page by page, and saves only when asked', async () => {
    sdk.preview.mockImplementation(async (request: PolicyPreviewRequest) => {
      const offset = request.offset ?? 0;
      const all = Array.from({ length: 12 }, (_, n) => member(n + 1));
      return {
        kind: request.kind,
        affectedCount: 12,
        items: all.slice(offset, offset + (request.limit ?? 20)),
        self: null,
        summary: '12 members are not enrolled in MFA and will be asked to enrol at their next sign-in',
      };
    });
    renderScreen(<GeneralTab />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('combobox', { name: 'Multi-factor authentication' }));
    await user.click(await screen.findByRole('option', { name: 'Required for everyone', hidden: true }));
    await user.click(screen.getByRole('button', { name: 'Save general settings' }));

    const dialog = await screen.findByRole('dialog', { name: 'Review the impact before saving' });
    // Only the policy the draft changes is previewed, as the save would send it.
    expect(sdk.preview).toHaveBeenCalledTimes(1);
    expect(sdk.preview).toHaveBeenCalledWith({
      kind: 'mfa',
      policy: { enforceMFAType: 'Force' },
      offset: 0,
      limit: 10,
    });
    expect(dialog).toHaveTextContent(
      '12 members are not enrolled in MFA and will be asked to enrol at their next sign-in',
    );
    const table = within(dialog).getByRole('table', {
      name: 'Affected members: Multi-factor authentication',
    });
    expect(within(table).getAllByRole('row')).toHaveLength(11);
    expect(table).toHaveTextContent('member-01@acme.test');
    expect(table).toHaveTextContent('203.0.113.9');
    await user.click(within(dialog).getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(3));
    expect(sdk.preview).toHaveBeenLastCalledWith(expect.objectContaining({ offset: 10, limit: 10 }));
    expect(table).toHaveTextContent('member-12@acme.test');

    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(sdk.save).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'Save general settings' }));
    const again = await screen.findByRole('dialog', { name: 'Review the impact before saving' });
    await user.click(within(again).getByRole('button', { name: 'Save general settings' }));
    await waitFor(() => expect(sdk.save).toHaveBeenCalledWith({ ...settings, enforceMFAType: 'Force' }));
    expect(await screen.findByText('Changes saved')).toBeInTheDocument();
  });

  it('saves straight away when nobody is affected, and previews nothing when nothing changed', async () => {
    sdk.preview.mockImplementation(async (request: PolicyPreviewRequest) => nobody(request.kind));
    renderScreen(<GeneralTab />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Save general settings' }));
    await waitFor(() => expect(sdk.save).toHaveBeenCalledTimes(1));
    expect(sdk.preview).not.toHaveBeenCalled();

    await user.click(screen.getByRole('switch', { name: /^Password history/ }));
    await user.click(screen.getByRole('button', { name: 'Save general settings' }));
    await waitFor(() => expect(sdk.save).toHaveBeenCalledTimes(2));
    expect(sdk.preview).toHaveBeenCalledWith(
      expect.objectContaining({ kind: 'passwordHistory', policy: { enabled: true, historySize: 1 } }),
    );
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it("an IP rule that refuses the administrator's own address is saved only once they tick that they understand", async () => {
    sdk.preview.mockResolvedValue({
      kind: 'ipRestriction',
      affectedCount: 0,
      items: [],
      self: {
        affected: true,
        reason: 'Your current address 198.51.100.23 would be refused: saving would sign you out',
        ip: '198.51.100.23',
      },
      summary: 'No member signed in from an address these rules refuse in the last 30 days',
    } satisfies PolicyPreview);
    renderScreen(<IpTab />);
    const user = userEvent.setup();
    await user.click(screen.getByText('Allow list', { exact: true }));
    await user.click(screen.getByRole('button', { name: 'Save IP settings' }));

    const dialog = await screen.findByRole('dialog', { name: 'Review the impact before saving' });
    expect(sdk.preview).toHaveBeenCalledWith({
      kind: 'ipRestriction',
      policy: { isActive: true, strategy: 'ALLOW' },
      offset: 0,
      limit: 10,
    });
    expect(dialog).toHaveTextContent(
      'Your current address 198.51.100.23 would be refused: saving would sign you out',
    );
    const save = within(dialog).getByRole('button', { name: 'Save IP settings' });
    expect(save).toBeDisabled();
    await user.click(within(dialog).getByRole('checkbox', { name: 'I understand this will sign me out' }));
    expect(save).toBeEnabled();
    await user.click(save);
    await waitFor(() => expect(sdk.saveConfig).toHaveBeenCalledWith({ isActive: true, strategy: 'ALLOW' }));
  });

  it('a deletion whose impact was confirmed is not asked about again', async () => {
    sdk.preview.mockResolvedValue({
      kind: 'ipRestriction',
      affectedCount: 1,
      items: [{ ...member(3), reason: 'Signed in from 198.51.100.9, which these rules refuse' }],
      self: { affected: false, reason: null, ip: '198.51.100.23' },
      summary:
        '1 member signed in from addresses these rules refuse in the last 30 days: they would lose access',
    } satisfies PolicyPreview);
    renderScreen(<IpTab />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Delete 198.51.100.0/24' }));
    const dialog = await screen.findByRole('dialog', { name: 'Review the impact before saving' });
    expect(sdk.preview).toHaveBeenCalledWith(
      expect.objectContaining({ kind: 'ipRestriction', policy: { removeIds: [ENTRY_ID] } }),
    );
    expect(dialog).toHaveTextContent('Signed in from 198.51.100.9, which these rules refuse');
    // Nobody is shut out but others: no acknowledgement is asked for.
    expect(within(dialog).queryByRole('checkbox')).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(sdk.remove).toHaveBeenCalledWith(ENTRY_ID));
    expect(screen.queryByRole('dialog', { name: 'Delete IP restriction' })).not.toBeInTheDocument();
  });

  it('a viewer who may not save sees the impact of every general policy as it stands', async () => {
    sdk.permissions = ['fe.secure.read.securityPolicy'];
    sdk.preview.mockImplementation(async (request: PolicyPreviewRequest) => ({
      ...nobody(request.kind),
      summary: `Summary of ${request.kind}`,
    }));
    renderScreen(<GeneralTab />);
    const user = userEvent.setup();
    expect(screen.getByRole('button', { name: 'Save general settings' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Preview impact' }));
    const dialog = await screen.findByRole('dialog', { name: 'Impact of these settings' });
    for (const kind of ['mfa', 'lockout', 'passwordHistory', 'passwordRotation'])
      expect(await within(dialog).findByText(`Summary of ${kind}`)).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Save general settings' })).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(sdk.save).not.toHaveBeenCalled();
  });

  it('a preview that fails is said in the dialog, and the save can still go on', async () => {
    sdk.preview.mockRejectedValue(Object.assign(new Error('Service unavailable'), { errorCode: 'ER-TEST' }));
    renderScreen(<GeneralTab />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('switch', { name: /^User lockout/ }));
    await user.click(screen.getByRole('button', { name: 'Save general settings' }));
    const dialog = await screen.findByRole('dialog', { name: 'Review the impact before saving' });
    expect(within(dialog).getByRole('alert')).toHaveTextContent(
      'The impact could not be previewed: Service unavailable',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Save general settings' }));
    await waitFor(() =>
      expect(sdk.save).toHaveBeenCalledWith({ ...settings, lockout: { enabled: true, maxAttempts: 5 } }),
    );
  });
});
