import { expect, type APIRequestContext } from '@playwright/test';

/** Moves the server's clock (DEV_TOOLS): expiry, rotation and lockout without waiting. */
export async function moveServerClock(request: APIRequestContext, offsetSeconds: number): Promise<void> {
  const response = await request.post('/dev/api/clock', { data: { offsetSeconds } });
  expect(response.ok(), await response.text()).toBeTruthy();
}

export async function resetServerClock(request: APIRequestContext): Promise<void> {
  const response = await request.delete('/dev/api/clock');
  expect(response.ok(), await response.text()).toBeTruthy();
}
