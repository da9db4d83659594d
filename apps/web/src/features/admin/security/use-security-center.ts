import { isOneOf, severities, type Severity } from '@brizo/contract/enums';
import { useMemo } from 'react';
import { errorMessage } from '../../../sdk/admin/api-error';
import {
  useSecurityCenterStore,
  useSecurityCenterTableStore,
  type SecurityCenterTableKind,
} from '../../../sdk/admin/security';
import { list, number, objectAt, text, type Loose } from './store-values';

// The security center's score, recommendations and user tables as the section shows them.

export interface Recommendation {
  code: string;
  severity: Severity;
  category: string;
}

export function useSecurityCenter() {
  const { state, load, resetBreachedPasswords } = useSecurityCenterStore();
  const recommendations = useMemo<Recommendation[]>(
    () =>
      list(state.recommendations).map((item) => ({
        code: text(item.code),
        // A severity the section does not know ranks as information, never as severe.
        severity: isOneOf(severities, item.severity) ? item.severity : 'INFO',
        category: text(item.category),
      })),
    [state.recommendations],
  );
  const insights = useMemo(
    () => list(state.insights).map((item) => ({ code: text(item.code), category: text(item.category) })),
    [state.insights],
  );
  // The user tables keep their own loaders and errors under the same maps: only the score's count here.
  const loaders = objectAt(state, 'loaders');
  const errors = objectAt(state, 'errors');
  return {
    score: number(state.score, 0),
    recommendations,
    insights,
    loading: loaders.recommendations === true || loaders.insights === true,
    error: errorMessage(errors.recommendations || errors.insights),
    load,
    resetBreachedPasswords,
  };
}

export interface SecurityCenterUser {
  id: string;
  name: string;
  email: string;
  createdAt: string;
  lastLogin: string | null;
}

const tableUser = (entry: Loose): SecurityCenterUser => ({
  id: text(entry.id),
  name: text(entry.name),
  email: text(entry.email),
  createdAt: text(entry.createdAt),
  lastLogin: typeof entry.lastLogin === 'string' ? entry.lastLogin : null,
});

/** One of the security center's user tables, a page at a time. */
export function useSecurityCenterTable(kind: SecurityCenterTableKind) {
  const { table, loading, error, loadPage } = useSecurityCenterTableStore(kind);
  const users = useMemo(() => list(table.users).map(tableUser), [table.users]);
  return {
    users,
    /** 0-based, as the store keeps it. */
    pageOffset: number(table.usersPageOffset, 0),
    totalPages: number(table.totalUsersPages, 0),
    totalItems: number(table.totalUsersItems, 0),
    loading,
    error: errorMessage(error),
    loadPage,
  };
}
