import { signInMethods, usageSchema, type SignInMethod, type Usage } from '@brizo/contract/entities/usage';
import { FetchClient } from '@frontegg/rest-api';
import { useCallback } from 'react';
import { APP_NAME } from '../store';
import { callApi } from './call-api';
import { usePreviewMode } from './portal';
import { readAnswer } from './read-answer';
import { useLoaded, type Loaded } from './use-loaded';

// The Usage section's data (issue 14): the tenant's usage over a range of UTC days, computed by the
// server (GET /usage/resources/v1). The official client has no call for it: its FetchClient sends it,
// and the answer is read with the contract's schema. Preview mode calls nothing and shows empty days.

export type { Usage, SignInMethod };

export interface DayRange {
  from: string;
  to: string;
}

const client = () => new FetchClient(APP_NAME);

export const usageApi = {
  get: (range: DayRange): Promise<Usage> =>
    callApi(
      () => client().get('/usage/resources/v1', { from: range.from, to: range.to }),
      (answer) => readAnswer(usageSchema, answer, 'usage'),
    ),
};

const DAY_MS = 24 * 60 * 60 * 1000;

/** What preview mode shows: every day of the range, all zero. */
export function emptyUsage(range: DayRange): Usage {
  const start = Date.parse(`${range.from}T00:00:00Z`);
  const end = Date.parse(`${range.to}T00:00:00Z`);
  const days: Usage['days'] = [];
  for (let day = start; day <= end; day += DAY_MS) {
    const signIns = Object.fromEntries(signInMethods.map((method) => [method, 0])) as Record<
      SignInMethod,
      number
    >;
    days.push({
      date: new Date(day).toISOString().slice(0, 10),
      signIns,
      failedSignIns: 0,
      apiTokenExchanges: 0,
    });
  }
  return {
    from: range.from,
    to: range.to,
    days,
    monthlyActiveUsers: { last30Days: 0, months: [] },
    mfaAdoption: { enrolled: 0, members: 0 },
    seats: { active: 0, pendingInvitations: 0, disabled: 0 },
    apiTokens: { active: 0, exchangesRecorded: true },
  };
}

/** The tenant's usage over the range; loads again when the range changes (preview mode: empty). */
export function useUsage(range: DayRange): Loaded<Usage> {
  const preview = usePreviewMode();
  const { from, to } = range;
  const load = useCallback(
    () => (preview ? Promise.resolve(emptyUsage({ from, to })) : usageApi.get({ from, to })),
    [preview, from, to],
  );
  return useLoaded(load);
}
