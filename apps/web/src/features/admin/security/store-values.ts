import type { RestrictionType } from '@brizo/contract/enums';

// Readers of the store's security state, which the section reads field by field: the store's mocks
// (preview mode) and a state not loaded yet lack fields, so each reader says what stands in for one.

export type Loose = Record<string, unknown>;

export const isObject = (value: unknown): value is Loose => typeof value === 'object' && value !== null;

/** The object under `key`, or an empty one. */
export const objectAt = (value: unknown, key: string): Loose => {
  const found = isObject(value) ? value[key] : undefined;
  return isObject(found) ? found : {};
};

export const list = (value: unknown): Loose[] => (Array.isArray(value) ? value.filter(isObject) : []);
export const text = (value: unknown, fallback = ''): string => (typeof value === 'string' ? value : fallback);
export const number = (value: unknown, fallback: number): number =>
  typeof value === 'number' ? value : fallback;
export const flag = (value: unknown): boolean => value === true;
/** A list's type: only BLOCK blocks; anything else reads as the allow list. */
export const restrictionType = (value: unknown): RestrictionType => (value === 'BLOCK' ? 'BLOCK' : 'ALLOW');
