import { expect, type APIRequestContext } from '@playwright/test';
import { newWorkEmail } from './identities';
import { waitForMailLink } from './mailbox';

const USERS = '/frontegg/identity/resources/users/v1';
const CONFIGURATIONS = '/frontegg/identity/resources/configurations/v1';

/** A signed-up, activated work-email user (the administrator of a new trial tenant). */
export async function createActiveUser(
  request: APIRequestContext,
  label: string,
  password: string,
  extra: { phoneNumber?: string } = {},
): Promise<{ email: string }> {
  const email = newWorkEmail(label);
  const signUp = await request.post(`${USERS}/signUp`, {
    data: { email, name: `${label} user`, companyName: `${label} Foods`, ...extra },
  });
  expect(signUp.ok(), await signUp.text()).toBeTruthy();
  const link = new URL(await waitForMailLink(request, email, '/account/activate'));
  const activated = await request.post(`${USERS}/activate`, {
    data: { userId: link.searchParams.get('userId'), token: link.searchParams.get('token'), password },
  });
  expect(activated.ok(), await activated.text()).toBeTruthy();
  return { email };
}

/** Signs in through the API and returns a bearer header. */
export async function bearerOf(request: APIRequestContext, email: string, password: string): Promise<string> {
  const response = await request.post('/frontegg/identity/resources/auth/v1/user', {
    data: { email, password },
  });
  const body = (await response.json()) as { accessToken?: string };
  expect(body.accessToken, JSON.stringify(body)).toBeTruthy();
  return `Bearer ${body.accessToken}`;
}

export async function setSecurityPolicy(
  request: APIRequestContext,
  authorization: string,
  policy: 'lockout-policy' | 'password-rotation' | 'password-history-policy' | 'password-recovery/strategies',
  data: unknown,
): Promise<void> {
  const response = await request.post(`${CONFIGURATIONS}/${policy}`, { headers: { authorization }, data });
  expect(response.ok(), await response.text()).toBeTruthy();
}

/** Overrides a feature flag on the server (DEV_TOOLS); null removes the override. */
export async function setFeatureFlag(request: APIRequestContext, name: string, value: 'on' | 'off' | null) {
  const response = await request.put(`/dev/api/flags/${name}`, { data: { value } });
  expect(response.ok(), await response.text()).toBeTruthy();
}
