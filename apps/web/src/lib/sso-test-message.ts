// How the SSO live test's window tells the admin portal that its test finished: the test-complete page
// (features/sso-test-complete) posts this to the window that opened it, and the SSO section listens.

export const SSO_TEST_MESSAGE_TYPE = 'brizo-sso-test';

export interface SsoTestMessage {
  type: typeof SSO_TEST_MESSAGE_TYPE;
  reportId: string;
}

export const isSsoTestMessage = (data: unknown): data is SsoTestMessage =>
  typeof data === 'object' &&
  data !== null &&
  (data as Record<string, unknown>).type === SSO_TEST_MESSAGE_TYPE &&
  typeof (data as Record<string, unknown>).reportId === 'string' &&
  (data as Record<string, unknown>).reportId !== '';
