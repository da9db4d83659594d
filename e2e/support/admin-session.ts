import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { AdminPortalPage } from '../pages/admin-portal-page';
import type { JourneyPerson } from './admin';

/** Signs in as `person` and opens a section of the portal (see AdminPortalPage.signInAndOpen). */
export async function signInAndOpenSection(
  page: Page,
  person: JourneyPerson,
  section: string,
): Promise<AdminPortalPage> {
  const portal = new AdminPortalPage(page);
  await portal.signInAndOpen(person.email, person.password, section);
  return portal;
}

/**
 * `Bearer <access token>` of a fresh password login. Journeys' tokens live 8 s: take a new one for
 * each API call made after browser steps.
 */
export async function bearerOf(request: APIRequestContext, person: JourneyPerson): Promise<string> {
  const response = await request.post('/frontegg/identity/resources/auth/v1/user', {
    data: { email: person.email, password: person.password },
  });
  expect(response.status()).toBe(200);
  return `Bearer ${((await response.json()) as { accessToken: string }).accessToken}`;
}
