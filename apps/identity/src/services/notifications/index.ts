import type { ServiceDeps } from '../operations-deps.js';

// Issue 14: placeholder wired by the lead; the area's helper replaces it.
export function createNotificationsService(_deps: ServiceDeps) {
  return {};
}
export type NotificationsService = ReturnType<typeof createNotificationsService>;
