import type { ServiceDeps } from '../operations-deps.js';

// Issue 14: placeholder wired by the lead; the area's helper replaces it.
export function createReportsService(_deps: ServiceDeps) {
  return {};
}
export type ReportsService = ReturnType<typeof createReportsService>;
