/** Where the browser journeys run the identity server, and how short its access tokens live there. */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3100);
export const E2E_BASE_URL = `http://localhost:${E2E_PORT}`;
export const ACCESS_TOKEN_TTL_SECONDS = 8;
export const DEMO_PASSWORD = 'Brizo-demo-2026!';
