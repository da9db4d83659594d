import { useCallback } from 'react';
import { consoleApi, type Feature, type Plan } from '../../sdk/admin/console';
import { useLoaded } from '../../sdk/admin/use-loaded';

/** The vendor's plans and features together: each tab links one to the other. */
export function useCatalogue() {
  const load = useCallback(async () => {
    const [plans, features] = await Promise.all([consoleApi.plans(), consoleApi.features()]);
    return { plans, features };
  }, []);
  return useLoaded<{ plans: Plan[]; features: Feature[] }>(load);
}

/** Comma-separated text as a list, without blanks. */
export const listOf = (text: string) =>
  text
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
