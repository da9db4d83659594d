// Who may call the connectivity endpoints (SPEC section 6): reads, changes and deletions of webhooks and
// of every other channel alike.
export const READ = { permission: 'fe.connectivity.read.webhooks' } as const;
export const WRITE = { permission: 'fe.connectivity.write.webhook' } as const;
export const DELETE = { permission: 'fe.connectivity.delete.webhook' } as const;
