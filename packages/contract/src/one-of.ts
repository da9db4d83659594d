/**
 * Narrows a value read off the wire or a widget to one of a vocabulary's constants, so callers check
 * instead of casting; anything else (another string, undefined) is not one of them.
 */
export const isOneOf = <T extends string>(values: readonly T[], value: unknown): value is T =>
  typeof value === 'string' && (values as readonly string[]).includes(value);
