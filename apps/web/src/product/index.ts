// The product's own rules (SPEC sections 4, 5, 9) as pure functions. Screens import from here.
export type * from './types';
export * from './metadata';
export * from './access';
export * from './expiration';
export * from './landing';
export * from './query-string';
export * from './analytics';
export * from './redirect-url';
export * from './texts';
