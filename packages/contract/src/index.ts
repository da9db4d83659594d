// What the identity server and the web app agree on, written once. Light modules only: the login
// page loads this barrel, so the zod entity schemas live behind '@brizo/contract/entities'.
export * from './permissions.js';
export * from './users-list.js';
export * from './error-codes.js';
export * from './web-paths.js';
export * from './enums.js';
export * from './one-of.js';
