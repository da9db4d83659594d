import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { authRoutes } from '../../lib/paths';
import { createBrizoStore, SdkProvider } from '../../sdk';
import { renderScreen } from '../../testing/render';
import { SocialLoginButtons } from './social-login-buttons';

const AUTHORIZE = 'http://localhost/frontegg/identity/resources/auth/v2/user/sso/default';

/** A store holding the providers as GET /identity/resources/sso/v2 listed them (made absolute by the store). */
function showButtons(configs: object[], placement?: 'top' | 'bottom') {
  const store = createBrizoStore({
    baseUrl: 'http://localhost',
    routes: authRoutes,
    onRedirectTo: () => undefined,
  });
  Object.assign(store.getState().auth.socialLoginState, { socialLoginsConfigV2: configs });
  return renderScreen(
    <SdkProvider store={store}>
      <label>
        Email <input />
      </label>
      <SocialLoginButtons placement={placement} />
    </SdkProvider>,
  );
}

const provider = (type: string, active = true) => ({
  type,
  active,
  clientId: `${type}-client`,
  redirectUrl: 'http://localhost/account/social/success',
  authorizationUrl: `${AUTHORIZE}/${type}/prelogin`,
  customised: false,
  additionalScopes: [],
});

describe('social login buttons (issue 13)', () => {
  it('one link per active provider, named for it, leading to its authorization address', () => {
    showButtons([provider('google'), provider('github', false), provider('microsoft'), provider('linkedin')]);
    const group = screen.getByRole('group', { name: 'Sign in with another account' });
    const links = within(group).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual([
      'Continue with Google',
      'Continue with Microsoft',
      'Continue with LinkedIn',
    ]);
    expect(screen.getByRole('link', { name: 'Continue with Google' })).toHaveAttribute(
      'href',
      `${AUTHORIZE}/google/prelogin`,
    );
    expect(screen.queryByRole('link', { name: 'Continue with GitHub' })).not.toBeInTheDocument();
  });

  it('leaves out providers without an address and types it does not know', () => {
    showButtons([{ ...provider('google'), authorizationUrl: null }, provider('myspace'), provider('slack')]);
    expect(screen.getAllByRole('link').map((link) => link.textContent)).toEqual(['Continue with Slack']);
  });

  it('renders nothing without an active provider', () => {
    showButtons([provider('google', false)]);
    expect(screen.queryByRole('group')).not.toBeInTheDocument();
    expect(screen.queryByText('or')).not.toBeInTheDocument();
  });

  it('is reached by the keyboard, after the form by default', async () => {
    const user = userEvent.setup();
    showButtons([provider('apple'), provider('facebook')]);
    await user.tab();
    expect(screen.getByLabelText('Email')).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('link', { name: 'Continue with Apple' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('link', { name: 'Continue with Facebook' })).toHaveFocus();
  });

  it("puts 'or' between the buttons and the form, on the side the account chose", () => {
    const precedes = (first: Element, second: Element) =>
      (first.compareDocumentPosition(second) & Node.DOCUMENT_POSITION_FOLLOWING) !== 0;
    const { unmount } = showButtons([provider('google')], 'bottom');
    expect(precedes(screen.getByText('or'), screen.getByRole('link'))).toBe(true);
    unmount();
    showButtons([provider('google')], 'top');
    expect(precedes(screen.getByRole('link'), screen.getByText('or'))).toBe(true);
  });
});
