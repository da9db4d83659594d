import { useCallback, useEffect, useRef, useState } from 'react';
import { errorMessage } from '../../../sdk/admin/api-error';
import { subAccountsApi, type AccountLevel } from '../../../sdk/admin/sub-accounts';

/** The viewer's own account: the top level's key. */
export const ROOT = '';

export interface AccountsTree {
  /** The loaded levels by parent account id (ROOT for the top). */
  levels: ReadonlyMap<string, AccountLevel>;
  expanded: ReadonlySet<string>;
  /** The levels being read, by parent id. */
  loading: ReadonlySet<string>;
  error: string | null;
  /** Expands an account (its children load the first time) or folds it. */
  toggle: (tenantId: string) => void;
  /** The next 50 of a level. */
  loadMore: (parentId: string) => void;
  /** Reads every loaded level again (after a change). */
  refresh: () => Promise<void>;
  /** The search's results (null while no search is typed). */
  found: AccountLevel | null;
  search: (filter: string) => void;
}

/**
 * The accounts tree of the All accounts section: levels load lazily, 50 at a time, when their parent
 * is expanded (SPEC section 9: accounts limit 50 offset 0); a search lists the matching accounts of
 * every level instead.
 */
export function useAccountsTree(): AccountsTree {
  const [levels, setLevels] = useState<Map<string, AccountLevel>>(new Map());
  const [expanded, setExpanded] = useState<Set<string>>(new Set());
  const [loading, setLoading] = useState<Set<string>>(new Set([ROOT]));
  const [error, setError] = useState<string | null>(null);
  const [filter, setFilter] = useState('');
  const [found, setFound] = useState<AccountLevel | null>(null);
  const levelsRef = useRef(levels);
  levelsRef.current = levels;

  const read = useCallback(async (parentId: string, run: () => Promise<AccountLevel>) => {
    setLoading((current) => new Set(current).add(parentId));
    try {
      const level = await run();
      setError(null);
      return level;
    } catch (failure) {
      setError(errorMessage(failure));
      return null;
    } finally {
      setLoading((current) => {
        const next = new Set(current);
        next.delete(parentId);
        return next;
      });
    }
  }, []);

  const loadLevel = useCallback(
    async (parentId: string) => {
      const level = await read(parentId, () => subAccountsApi.level(parentId));
      if (level) setLevels((current) => new Map(current).set(parentId, level));
    },
    [read],
  );

  useEffect(() => {
    void loadLevel(ROOT);
  }, [loadLevel]);

  const toggle = useCallback(
    (tenantId: string) => {
      setExpanded((current) => {
        const next = new Set(current);
        if (next.has(tenantId)) next.delete(tenantId);
        else next.add(tenantId);
        return next;
      });
      if (!levelsRef.current.has(tenantId)) void loadLevel(tenantId);
    },
    [loadLevel],
  );

  const loadMore = useCallback(
    (parentId: string) => {
      const level = levelsRef.current.get(parentId);
      if (!level?.loadMoreLink) return;
      const link = level.loadMoreLink;
      void read(parentId, () => subAccountsApi.more(parentId, link)).then((more) => {
        if (!more) return;
        setLevels((current) => {
          const before = current.get(parentId);
          return new Map(current).set(parentId, {
            ...more,
            accounts: [...(before?.accounts ?? []), ...more.accounts],
          });
        });
      });
    },
    [read],
  );

  const search = useCallback(
    (typed: string) => {
      const trimmed = typed.trim();
      setFilter(trimmed);
      if (!trimmed) {
        setFound(null);
        return;
      }
      void read('search', () => subAccountsApi.level(ROOT, { filter: trimmed })).then((level) => {
        if (level) setFound(level);
      });
    },
    [read],
  );

  const refresh = useCallback(async () => {
    // From the top down: a level is read again only while its account is still listed above it.
    const known = levelsRef.current;
    const next = new Map<string, AccountLevel>();
    const queue = [ROOT];
    for (let parentId = queue.shift(); parentId !== undefined; parentId = queue.shift()) {
      const id = parentId;
      const level = await read(id, () => subAccountsApi.level(id));
      if (!level) continue;
      next.set(id, level);
      for (const account of level.accounts) if (known.has(account.tenantId)) queue.push(account.tenantId);
    }
    setLevels(next);
    if (filter) {
      const level = await read('search', () => subAccountsApi.level(ROOT, { filter }));
      if (level) setFound(level);
    }
  }, [read, filter]);

  return { levels, expanded, loading, error, toggle, loadMore, refresh, found, search };
}
