import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AdminPortalProvider } from '../../../components/admin';
import { fakeApi, status } from '../../../testing/fake-api';
import { renderScreen } from '../../../testing/render';
import { SsoSection } from './sso-section';

vi.mock('../../../sdk/admin/portal', () => ({ usePreviewMode: () => false }));

const BASE = '/team/resources/sso/v1/configurations';
const ADMIN = ['fe.*'];
const READ_ONLY = ['fe.secure.read.samlConfiguration'];

const configuration = (overrides: Record<string, unknown> = {}) => ({
  id: 'c1',
  enabled: true,
  type: 'okta',
  generatedVerification: '',
  ssoEndpoint: 'https://idp.acme.test/sso',
  publicCertificate: 'MIIC',
  signRequest: false,
  acsUrl: 'http://localhost:3000/frontegg/auth/saml/callback',
  spEntityId: 'http://localhost:3000/frontegg/saml/metadata',
  idpEntityId: 'https://idp.acme.test',
  oidcClientId: '',
  oidcSecret: '',
  oidcIssuer: '',
  redirectUri: '',
  metadataUrl: null,
  metadataRefreshedAt: null,
  skipEmailDomainValidation: false,
  domains: [],
  groups: [],
  roleIds: [],
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  ...overrides,
});
const unverified = {
  id: 'd1',
  domain: 'acme.test',
  validated: false,
  txtRecord: 'brizo-sso-verification=abc',
};
const role = {
  id: 'r1',
  key: 'Admin',
  name: 'Admin',
  description: null,
  isDefault: false,
  level: 0,
  tenantId: null,
  vendorId: 'v1',
  permissions: [],
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};

/** The server's usual answers around the section; `configurations` is what GET answers now. */
function server(initial: unknown[]) {
  let configurations = initial;
  const api = fakeApi({
    [`GET ${BASE}`]: () => configurations,
    [`GET ${BASE}/policy`]: { enforced: false, excludedEmails: [] },
    'GET /metadata': {
      rows: [
        {
          id: 'saml',
          entityName: 'saml',
          vendorId: 'v1',
          configuration: {
            acsUrl: 'http://localhost:3000/frontegg/auth/saml/callback',
            spEntityId: 'http://localhost:3000/frontegg/saml/metadata',
          },
        },
      ],
    },
    'GET /team/resources/roles/v1': { items: [role] },
    [`GET ${BASE}/c1/test-reports`]: [],
  });
  return { ...api, answerList: (next: unknown[]) => (configurations = next) };
}

function renderSection(permissions: string[]) {
  renderScreen(
    <AdminPortalProvider configuration={{}} viewer={{ permissions, superUser: false }} preview={false}>
      <SsoSection />
    </AdminPortalProvider>,
  );
  return userEvent.setup();
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

// user-event on a busy two-core machine can pass vitest's 5 s default.
describe('the SSO section', { timeout: 30_000 }, () => {
  it('walks an administrator through the setup: protocol, our details, the IdP, domains, roles, enforcement, test', async () => {
    const api = server([]);
    const user = renderSection(ADMIN);
    await user.click(await screen.findByRole('button', { name: 'Set up single sign-on' }));

    // 1: SAML with Microsoft Entra ID.
    expect(screen.getByRole('radio', { name: 'SAML 2.0' })).toBeChecked();
    await user.click(screen.getByRole('radio', { name: 'Microsoft Entra ID' }));
    await user.click(screen.getByRole('button', { name: 'Next' }));

    // 2: our service provider's details, each to copy.
    expect(await screen.findByRole('textbox', { name: 'ACS URL' })).toHaveValue(
      'http://localhost:3000/frontegg/auth/saml/callback',
    );
    expect(screen.getByRole('textbox', { name: 'Entity ID' })).toHaveValue(
      'http://localhost:3000/frontegg/saml/metadata',
    );
    expect(screen.getByRole('button', { name: 'Copy ACS URL' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Copy Entity ID' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Download our SP metadata' })).toHaveAttribute(
      'href',
      'http://localhost:3000/frontegg/saml/metadata',
    );
    expect(screen.getByText(/Reply URL \(Assertion Consumer Service URL\)/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next' }));

    // 3: the identity provider by its metadata URL; the connection is created with the chosen label.
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    api.on({
      [`POST ${BASE}/metadata-url`]: configuration({ type: 'saml' }),
      [`PATCH ${BASE}/c1`]: configuration({ type: 'azure' }),
    });
    await user.click(screen.getByRole('radio', { name: 'Metadata URL' }));
    await user.type(screen.getByRole('textbox', { name: 'Metadata URL' }), 'https://idp.acme.test/metadata');
    await user.click(screen.getByRole('button', { name: 'Create connection' }));
    await waitFor(() => expect(api.sent(`PATCH ${BASE}/c1`)).toHaveLength(1));
    expect(api.sent(`POST ${BASE}/metadata-url`)[0]?.body).toEqual({ url: 'https://idp.acme.test/metadata' });
    expect(api.sent(`PATCH ${BASE}/c1`)[0]?.body).toEqual({ type: 'azure' });

    // 4: a domain, with the exact TXT record to publish.
    api.on({
      [`POST ${BASE}/c1/domains`]: (request) => {
        api.answerList([configuration({ type: 'azure', domains: [unverified] })]);
        expect(request.body).toEqual({ domain: 'acme.test' });
        return unverified;
      },
    });
    await user.type(await screen.findByRole('textbox', { name: 'Domain' }), ' ACME.test ');
    await user.click(screen.getByRole('button', { name: 'Add domain' }));
    expect(await screen.findByRole('textbox', { name: 'TXT record value for acme.test' })).toHaveValue(
      'brizo-sso-verification=abc',
    );
    expect(screen.getByRole('textbox', { name: 'TXT record name for acme.test' })).toHaveValue('acme.test');
    expect(screen.getByRole('button', { name: 'Copy TXT record value for acme.test' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next' }));

    // 5: roles; 6: enforcement, with what happens to passwords; 7: the live test.
    expect(await screen.findByRole('heading', { name: 'Default roles' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save default roles' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Map a group' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(
      screen.getByRole('switch', { name: /Require single sign-on for these domains/ }),
    ).not.toBeChecked();
    expect(
      screen.getByText(/are kept but cannot be used while single sign-on is required/),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('button', { name: 'Test connection' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Finish' }));

    // The overview of the connection follows.
    expect(
      await screen.findByRole('article', { name: 'SAML connection with Microsoft Entra ID' }),
    ).toBeInTheDocument();
  });

  it('sets up OpenID Connect with issuer, client ID and secret and shows the redirect URI to register', async () => {
    const api = server([]);
    const user = renderSection(ADMIN);
    await user.click(await screen.findByRole('button', { name: 'Set up single sign-on' }));
    await user.click(screen.getByRole('radio', { name: 'OpenID Connect' }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByRole('textbox', { name: 'Redirect URI' })).toHaveValue(
      `${window.location.origin}/account/oidc/callback`,
    );
    expect(screen.getByRole('button', { name: 'Copy Redirect URI' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next' }));

    api.on({ [`POST ${BASE}`]: configuration({ type: 'oidc', oidcIssuer: 'https://op.acme.test' }) });
    await user.click(screen.getByRole('button', { name: 'Create connection' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Enter the issuer');
    expect(api.sent(`POST ${BASE}`)).toHaveLength(0);
    await user.type(screen.getByRole('textbox', { name: 'Issuer' }), 'https://op.acme.test');
    await user.type(screen.getByRole('textbox', { name: 'Client ID' }), 'brizo-app');
    await user.type(screen.getByLabelText('Client secret'), 's3cret');
    await user.click(screen.getByRole('button', { name: 'Create connection' }));
    await waitFor(() => expect(api.sent(`POST ${BASE}`)).toHaveLength(1));
    expect(api.sent(`POST ${BASE}`)[0]?.body).toEqual({
      enabled: true,
      type: 'oidc',
      oidcIssuer: 'https://op.acme.test',
      oidcClientId: 'brizo-app',
      oidcSecret: 's3cret',
    });
    expect(await screen.findByRole('textbox', { name: 'Domain' })).toBeInTheDocument();
  });

  it('says what a domain verification found: no record yet, a domain claimed elsewhere, then verified', async () => {
    const api = server([configuration({ domains: [unverified] })]);
    const validate = `PUT /team/resources/sso/v2/configurations/c1/domains/d1/validate`;
    api.on({
      [validate]: status(400, {
        errors: ['The verification TXT record was not found on the domain'],
        errorCode: 'ER-SSO-DOMAIN-NOT-VERIFIED',
      }),
    });
    const user = renderSection(ADMIN);
    const domain = await screen.findByRole('listitem', { name: 'acme.test' });
    expect(within(domain).getByText('Not verified')).toBeInTheDocument();

    await user.click(within(domain).getByRole('button', { name: 'Verify acme.test' }));
    const missing = await within(domain).findByRole('alert');
    expect(missing).toHaveTextContent('acme.test is not verified yet');
    expect(missing).toHaveTextContent(/We did not find the TXT record on acme.test yet/);

    api.on({
      [validate]: status(409, {
        errors: ['This domain is already validated by another account'],
        errorCode: 'ER-SSO-DOMAIN-CLAIMED',
      }),
    });
    await user.click(within(domain).getByRole('button', { name: 'Verify acme.test' }));
    await waitFor(() =>
      expect(within(domain).getByRole('alert')).toHaveTextContent(
        'This domain is already validated by another account',
      ),
    );

    api.on({ [validate]: { ...unverified, validated: true } });
    api.answerList([configuration({ domains: [{ ...unverified, validated: true }] })]);
    await user.click(within(domain).getByRole('button', { name: 'Verify acme.test' }));
    expect(await screen.findByText('acme.test is verified')).toBeInTheDocument();
    expect(
      within(screen.getByRole('listitem', { name: 'acme.test' })).getByText('Verified'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Verify acme.test' })).not.toBeInTheDocument();
    expect(api.sent(validate)).toHaveLength(3);
  });

  it('runs a live test in a window of its own and shows the report its page posts back, from this origin only', async () => {
    const api = server([configuration()]);
    const address = 'https://idp.acme.test/sso?SAMLRequest=abc';
    api.on({
      [`POST ${BASE}/c1/test`]: { address },
      [`GET ${BASE}/c1/test-reports/r1`]: {
        id: 'r1',
        configurationId: 'c1',
        succeeded: false,
        createdAt: '2026-01-02T10:00:00.000Z',
        report: {
          protocol: 'saml',
          succeeded: false,
          checks: [
            { name: 'The response is signed by your identity provider', passed: true },
            {
              name: 'The audience is our entity ID',
              passed: false,
              detail: 'The assertion was meant for https://other.test',
            },
          ],
          profile: { subject: 'ann@acme.test', email: 'ann@acme.test', name: 'Ann' },
          attributes: { email: 'ann@acme.test', groups: ['Buyers', 'Admins'] },
        },
      },
    });
    const testWindow = { closed: false, close: vi.fn(), location: { href: '' } };
    const open = vi.spyOn(window, 'open').mockReturnValue(testWindow as unknown as Window);
    const user = renderSection(ADMIN);

    await user.click(await screen.findByRole('button', { name: 'Test connection' }));
    expect(await screen.findByText(/Waiting for the test sign-in to finish/)).toBeInTheDocument();
    expect(open).toHaveBeenCalledWith('', 'brizo-sso-test', expect.stringContaining('width='));
    expect(testWindow.location.href).toBe(address);

    const finished = { type: 'brizo-sso-test', reportId: 'r1' };
    act(() => {
      window.dispatchEvent(new MessageEvent('message', { data: finished, origin: 'https://evil.test' }));
    });
    expect(api.sent(`GET ${BASE}/c1/test-reports/r1`)).toHaveLength(0);

    act(() => {
      window.dispatchEvent(new MessageEvent('message', { data: finished, origin: window.location.origin }));
    });
    const report = await screen.findByRole('region', { name: 'Test result' });
    expect(within(report).getByText('The test sign-in failed')).toBeInTheDocument();
    expect(within(report).getAllByRole('img', { name: 'Passed' })).toHaveLength(1);
    expect(within(report).getAllByRole('img', { name: 'Failed' })).toHaveLength(1);
    expect(within(report).getByText('The assertion was meant for https://other.test')).toBeInTheDocument();
    const attributes = within(report).getByRole('table', { name: 'Attributes that came back' });
    expect(within(attributes).getByRole('row', { name: 'groups Buyers, Admins' })).toBeInTheDocument();
    expect(within(report).getByRole('table', { name: 'Who signed in' })).toHaveTextContent('Ann');
    expect(screen.queryByText(/Waiting for the test sign-in/)).not.toBeInTheDocument();
  });

  it('finds the report by reading the test reports when the page never posts back', async () => {
    const api = server([configuration()]);
    api.on({ [`POST ${BASE}/c1/test`]: { address: 'https://idp.acme.test/sso' } });
    vi.spyOn(window, 'open').mockReturnValue({
      closed: false,
      close: vi.fn(),
      location: { href: '' },
    } as unknown as Window);
    const user = renderSection(ADMIN);
    await user.click(await screen.findByRole('button', { name: 'Test connection' }));
    await screen.findByText(/Waiting for the test sign-in to finish/);

    api.on({
      [`GET ${BASE}/c1/test-reports`]: [
        {
          id: 'r2',
          configurationId: 'c1',
          succeeded: true,
          createdAt: '2026-01-02T10:00:00.000Z',
          report: {
            protocol: 'saml',
            succeeded: true,
            checks: [{ name: 'The response is signed by your identity provider', passed: true }],
          },
        },
      ],
    });
    // The reports are read every POLL_INTERVAL_MS (2 s).
    expect(await screen.findByText('The test sign-in worked', {}, { timeout: 6_000 })).toBeInTheDocument();
  });

  it('shows a Read Only administrator the connection without anything that changes it', async () => {
    server([configuration({ domains: [unverified] })]);
    renderSection(READ_ONLY);
    const connection = await screen.findByRole('article', { name: 'SAML connection with Okta' });
    expect(within(connection).getByText('acme.test')).toBeInTheDocument();
    expect(
      within(connection).getByRole('textbox', { name: 'TXT record value for acme.test' }),
    ).toBeInTheDocument();
    expect(within(connection).getByRole('switch', { name: /Connection enabled/ })).toBeDisabled();
    for (const name of [
      'Edit identity provider',
      'Delete connection',
      'Verify acme.test',
      'Remove acme.test',
      'Add domain',
      'Save default roles',
      'Map a group',
      'Test connection',
      'Save enforcement',
      'Add another connection',
    ])
      expect(screen.queryByRole('button', { name })).not.toBeInTheDocument();
    expect(screen.getByRole('switch', { name: /Require single sign-on/ })).toBeDisabled();
  });

  it('offers a Read Only administrator no setup when there is no connection', async () => {
    server([]);
    renderSection(READ_ONLY);
    expect(await screen.findByText('Single sign-on is not set up')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Set up single sign-on' })).not.toBeInTheDocument();
  });

  it('deletes a connection after asking', async () => {
    const api = server([configuration()]);
    api.on({
      [`DELETE ${BASE}/c1`]: () => {
        api.answerList([]);
        return {};
      },
    });
    const user = renderSection(ADMIN);
    await user.click(await screen.findByRole('button', { name: 'Delete connection' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete connection' });
    expect(dialog).toHaveTextContent('Delete the SAML connection with Okta');
    await user.click(within(dialog).getByRole('button', { name: 'Delete connection' }));
    expect(await screen.findByRole('button', { name: 'Set up single sign-on' })).toBeInTheDocument();
    expect(api.sent(`DELETE ${BASE}/c1`)).toHaveLength(1);
  });
});
