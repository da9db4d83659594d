import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createMemoryStorage } from '../product/test-utils';
import { checkAuthorizationState, completeHostedLogin } from './oauth-state';
import { OAUTH_STATE_KEY } from './oauth-state-key';

const exchange = vi.hoisted(() => vi.fn());
vi.mock('@frontegg/rest-api', () => ({
  createApiClient: () => ({ auth: { exchangeOAuthTokensV2: exchange } }),
}));

const VERIFIER_KEY = 'HOSTED_LOGIN_VERIFIER_KEY';
const REDIRECT_URI = 'https://brizo.test/oauth/callback';

function setup(state: string | null = 'sent-state') {
  const tab = createMemoryStorage(state === null ? {} : { [OAUTH_STATE_KEY]: state });
  const browser = createMemoryStorage({ [VERIFIER_KEY]: 'the-verifier' });
  const actions = {
    afterAuthenticationStateUpdate: vi.fn(),
    afterAuthNavigation: vi.fn(async () => undefined),
    setAuthState: vi.fn(),
  };
  return { storage: { tab, browser }, actions };
}

beforeEach(() => exchange.mockReset());

describe('hosted login state (walk-through defects: no state, silent bogus callback)', () => {
  it('accepts the state this tab sent, once', () => {
    const tab = createMemoryStorage({ [OAUTH_STATE_KEY]: 'abc' });
    expect(checkAuthorizationState('abc', tab)).toBe(true);
    expect(checkAuthorizationState('abc', tab)).toBe(false);
  });

  it('refuses a missing, different or unrequested state', () => {
    expect(checkAuthorizationState(null, createMemoryStorage({ [OAUTH_STATE_KEY]: 'abc' }))).toBe(false);
    expect(checkAuthorizationState('abd', createMemoryStorage({ [OAUTH_STATE_KEY]: 'abc' }))).toBe(false);
    expect(checkAuthorizationState('abc', createMemoryStorage())).toBe(false);
  });

  it('trades the code with the PKCE verifier, then lands the user', async () => {
    const { storage, actions } = setup();
    const response = { user: { id: 'u1' }, tenants: [] };
    exchange.mockResolvedValue(response);
    const outcome = await completeHostedLogin(
      'default',
      { code: 'c0de', state: 'sent-state', redirectUri: REDIRECT_URI },
      actions,
      storage,
    );
    expect(outcome).toEqual({ ok: true });
    expect(exchange).toHaveBeenCalledWith({
      code: 'c0de',
      redirect_uri: REDIRECT_URI,
      code_verifier: 'the-verifier',
      grant_type: 'authorization_code',
    });
    expect(actions.afterAuthenticationStateUpdate).toHaveBeenCalledWith(response, {
      isAuthenticated: true,
      isLoading: false,
    });
    expect(actions.afterAuthNavigation).toHaveBeenCalledTimes(1);
    // Both proofs are single-use.
    expect(storage.tab.getItem(OAUTH_STATE_KEY)).toBeNull();
    expect(storage.browser.getItem(VERIFIER_KEY)).toBeNull();
  });

  it('a callback with a state this tab did not send is refused before any exchange', async () => {
    const { storage, actions } = setup();
    const outcome = await completeHostedLogin(
      'default',
      { code: 'c0de', state: 'forged', redirectUri: REDIRECT_URI },
      actions,
      storage,
    );
    expect(outcome).toEqual({ ok: false, reason: 'state', message: null });
    expect(exchange).not.toHaveBeenCalled();
    expect(actions.afterAuthNavigation).not.toHaveBeenCalled();
    expect(actions.setAuthState).toHaveBeenCalledWith({ isLoading: false });
  });

  it('a refused code is reported with the server message instead of navigating back to the login box', async () => {
    const { storage, actions } = setup();
    exchange.mockRejectedValueOnce(
      new Error('The authorization code or refresh token is invalid or expired'),
    );
    const outcome = await completeHostedLogin(
      'default',
      { code: 'used', state: 'sent-state', redirectUri: REDIRECT_URI },
      actions,
      storage,
    );
    expect(outcome).toEqual({
      ok: false,
      reason: 'exchange',
      message: 'The authorization code or refresh token is invalid or expired',
    });
    expect(actions.afterAuthNavigation).not.toHaveBeenCalled();
    expect(actions.afterAuthenticationStateUpdate).not.toHaveBeenCalled();
  });
});
