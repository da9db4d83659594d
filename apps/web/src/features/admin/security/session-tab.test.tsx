import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { SessionPolicy } from './use-security-settings';
import { renderScreen } from '../../../testing/render';
import { SessionTab } from './session-tab';

const policy: SessionPolicy = {
  idle: { isActive: true, timeout: 1800 },
  absolute: { isActive: false, timeout: 86_400 },
  concurrent: { isActive: false, maxSessions: 1 },
};
const sdk = vi.hoisted(() => ({ save: vi.fn(async (_next: unknown) => undefined), load: () => undefined }));
vi.mock('./use-security-settings', () => ({
  useSessionPolicy: () => ({ policy, loading: false, error: null, load: sdk.load, save: sdk.save }),
}));
vi.mock('../../../components/admin', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  useCan: () => true,
  // The vendor's metadata hides force re-login.
  useFieldAppearance: (_page: string, field: string) => (field === 'forceReLogin' ? 'hidden' : 'edit'),
}));

describe('SessionTab', { timeout: 20_000 }, () => {
  it('shows timeouts in minutes, saves them in seconds, and leaves out a hidden field', async () => {
    renderScreen(<SessionTab />);
    const user = userEvent.setup();
    expect(screen.queryByRole('switch', { name: /^Force re-login/ })).toBeNull();
    expect(screen.getByLabelText('Idle timeout (minutes)')).toHaveValue('30');
    await user.clear(screen.getByLabelText('Idle timeout (minutes)'));
    await user.type(screen.getByLabelText('Idle timeout (minutes)'), '45');
    await user.click(screen.getByRole('switch', { name: /^Maximum concurrent sessions/ }));
    await user.click(screen.getByRole('button', { name: 'Save session settings' }));

    await waitFor(() =>
      expect(sdk.save).toHaveBeenCalledWith({
        ...policy,
        idle: { isActive: true, timeout: 45 * 60 },
        concurrent: { isActive: true, maxSessions: 1 },
      }),
    );
  });
});
