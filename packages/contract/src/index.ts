// What the identity server and the web app agree on, written once. The server imports this barrel;
// the web app imports the modules themselves ('@brizo/contract/web-paths', ...), because its login
// page carries every module a barrel names. The zod entity schemas are not in the barrel at all:
// '@brizo/contract/entities/<entity>'.
export * from './permissions.js';
export * from './product-access.js';
export * from './users-list.js';
export * from './error-codes.js';
export * from './web-paths.js';
export * from './enums.js';
export * from './invite-link.js';
export * from './admin-portal.js';
export * from './social-login.js';
