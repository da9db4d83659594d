import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderScreen } from '../../testing/render';
import { ConsolePage } from './console-page';

// Issue 15: the console is a superuser's; anyone else is told it is not available and nothing is asked
// of the server. The session and the server's answers are stand-ins: what is under test is the page.
const session = vi.hoisted(() => ({ superUser: true }));
vi.mock('../../lib/session', () => ({
  useRequiredSession: () => ({
    status: 'signedIn',
    user: { id: 'u1', email: 'super@brizo.test', permissions: [], superUser: session.superUser },
    tenant: { tenantId: 't1', name: 'Brizo' },
  }),
}));
const funnel = vi.hoisted(() => vi.fn());
vi.mock('../../sdk/admin/console', () => ({ consoleApi: { funnel } }));

const week = { signUps: 4, activations: 3, firstSignIns: 2, trials: 2, paid: 1 };

describe('the superuser console', () => {
  beforeEach(() => {
    funnel.mockReset();
    funnel.mockResolvedValue({
      from: '2026-01-01',
      to: '2026-01-11',
      groupBy: 'week',
      rows: [
        { key: '2025-12-29', ...week },
        { key: '2026-01-05', signUps: 0, activations: 0, firstSignIns: 0, trials: 0, paid: 0 },
      ],
      totals: week,
    });
  });

  it('tells anyone but a superuser that it is not available, and asks the server nothing', () => {
    session.superUser = false;
    renderScreen(<ConsolePage />, { route: '/console' });
    expect(screen.getByText('The superuser console is not available')).toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: 'Funnel' })).toBeNull();
    expect(funnel).not.toHaveBeenCalled();
  });

  it("opens on the funnel, with every week's stages and their share of the sign-ups", async () => {
    session.superUser = true;
    renderScreen(<ConsolePage />, { route: '/console' });
    for (const name of [
      'Funnel',
      'Under review',
      'Trials ending',
      'Plans',
      'Features',
      'Feature flags',
      'Entitlements',
    ])
      expect(screen.getByRole('tab', { name })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Free-trial funnel' });
    expect(table).toHaveTextContent('Week of 2025-12-29');
    expect(table).toHaveTextContent('3 (75%)');
    expect(screen.getByTestId('funnel-total-paid')).toHaveTextContent('1');
    expect(funnel).toHaveBeenCalledWith(expect.objectContaining({ from: expect.any(String) }), 'week');
  });
});
