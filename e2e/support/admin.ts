import { expect, type APIRequestContext } from '@playwright/test';

export interface JourneyPerson {
  id: string;
  email: string;
  password: string;
}

/** A tenant of one's own: its Admin, Read Only administrator and a plain member. */
export interface JourneyTenant {
  tenantId: string;
  name: string;
  admin: JourneyPerson;
  readOnly: JourneyPerson;
  member: JourneyPerson;
}

/**
 * Creates a fresh tenant through the dev endpoint, so an admin-portal journey changes only its own
 * account and parallel journeys never see each other's users, roles or policies.
 */
export async function createJourneyTenant(request: APIRequestContext, name?: string): Promise<JourneyTenant> {
  const response = await request.post('/dev/api/tenants', { data: name ? { name } : {} });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as JourneyTenant;
}
