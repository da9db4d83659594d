import { randomUUID } from 'node:crypto';

/** A unique work address (its domain is no personal-mail provider), so each journey starts clean. */
export function newWorkEmail(label: string): string {
  const id = randomUUID().slice(0, 8);
  return `${label}-${id}@foodco-${id}.example`;
}

/** A unique address at a personal-mail provider. */
export function newPersonalEmail(label: string): string {
  return `brizo.${label}.${randomUUID().slice(0, 8)}@gmail.com`;
}

export const NEW_PASSWORD = 'Menu-trends-2026!';
