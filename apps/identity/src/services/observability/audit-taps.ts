// Issue 16: listeners of the audit actions the server records (services/audit.ts recordAudit), for
// figures counted where the audit rows are written (sign-in-metrics.ts). No imports: the audit writer
// loads this, and what listens loads the audit catalogue.

export type AuditTap = (action: string) => void;
const taps = new Set<AuditTap>();

/** Called by the audit writer with each action it records. */
export function auditActionRecorded(action: string): void {
  for (const tap of taps) tap(action);
}

/**
 * Listens until the answered function is called. Taps are per process: every server built in this
 * process (tests build several) hears what any of them records; a deployed process runs one server.
 */
export function tapAuditActions(tap: AuditTap): () => void {
  taps.add(tap);
  return () => taps.delete(tap);
}
