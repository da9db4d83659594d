import type { RestrictionType } from '@brizo/contract/enums';
import type { IpRestrictionEntry } from '@brizo/contract/entities/restrictions';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { errorMessage } from '../../../sdk/admin/api-error';
import { usePreviewMode } from '../../../sdk/admin/portal';
import {
  fetchCurrentIp,
  fetchDomainRestrictions,
  fetchIpRestrictionPage,
  useDomainRestrictionsStore,
  useIpRestrictionsStore,
} from '../../../sdk/admin/security';
import { ipListPages, joinIpListPages } from './ip-list-pages';
import { flag, list, objectAt, restrictionType, text, type Loose } from './store-values';

// The IP and email-domain restriction tabs' lists: the store keeps only the saved list type's entries,
// while the screen shows the list being edited, so outside preview that list is read from the API.

export interface IpRestriction {
  id: string;
  ip: string;
  strategy: RestrictionType;
  isActive: boolean;
  description: string;
}

export interface DomainRestriction {
  id: string;
  domain: string;
  type: RestrictionType;
}

/** The administrator's own address as the server sees it (SPEC section 7: ip, country_code). */
export interface CurrentIp {
  ip: string;
  countryCode: string | null;
}

/** A documentation address (RFC 5737) for preview mode, which asks no server. */
const PREVIEW_IP: CurrentIp = { ip: '203.0.113.7', countryCode: null };

/** GET /metadata/ipme, once: null until it answers, and if it fails (the tab then goes without it). */
export function useCurrentIp(): CurrentIp | null {
  const preview = usePreviewMode();
  const [current, setCurrent] = useState<CurrentIp | null>(preview ? PREVIEW_IP : null);
  useEffect(() => {
    if (preview) return;
    let active = true;
    fetchCurrentIp().then(
      (answer) => {
        if (active && answer.ip) setCurrent({ ip: answer.ip, countryCode: answer.country_code || null });
      },
      (error: unknown) => console.error('The current IP address could not be loaded', error),
    );
    return () => {
      active = false;
    };
  }, [preview]);
  return current;
}

/** An entry of the store's list (its mocks in preview mode lack fields). */
const storedIpEntry = (entry: Loose): IpRestriction => ({
  id: text(entry.id),
  ip: text(entry.ip),
  strategy: restrictionType(entry.strategy),
  isActive: entry.isActive !== false,
  description: text(entry.description),
});

const ipRow = ({ id, ip, strategy, isActive, description }: IpRestrictionEntry): IpRestriction => ({
  id,
  ip,
  strategy,
  isActive,
  description,
});

/** A change, then the lists read again (a change made in preview mode reloads nothing). */
const thenReload =
  <A extends unknown[]>(change: (...args: A) => Promise<void>, reload: () => Promise<void>) =>
  async (...args: A) => {
    await change(...args);
    await reload();
  };

type IpListPage = { entries: IpRestriction[]; totalItems: number };

/** IP restrictions: the list being edited (`shown`), read page by page with "Show more". */
export function useIpRestrictions(shown: RestrictionType) {
  const { state, preview, load, refresh, testCurrentIp, add, remove, saveConfig } = useIpRestrictionsStore();
  const data = objectAt(state, 'data');
  const config = objectAt(data, 'config');
  const [live, setLive] = useState<IpListPage & { strategy: RestrictionType }>();
  // How many times "Show more" was pressed on the list shown; another list starts at its first rows.
  const [paging, setPaging] = useState({ strategy: shown, more: 0 });
  if (paging.strategy !== shown) setPaging({ strategy: shown, more: 0 });
  const more = paging.strategy === shown ? paging.more : 0;
  const stored = useMemo<IpRestriction[]>(
    () => list(data.restrictions).map(storedIpEntry),
    [data.restrictions],
  );
  const fetchShown = useCallback(async () => {
    if (preview) return;
    const pages = await Promise.all(
      ipListPages(more).map(({ limit, page }) => fetchIpRestrictionPage(shown, limit, page)),
    );
    const { entries, totalItems } = joinIpListPages(pages);
    setLive({ strategy: shown, entries: entries.map(ipRow), totalItems });
  }, [preview, shown, more]);
  useEffect(() => {
    void fetchShown().catch(() => undefined);
  }, [fetchShown]);
  const restrictions = preview || live?.strategy !== shown ? stored : live.entries;
  const hasMore = !preview && live?.strategy === shown && live.entries.length < live.totalItems;
  const reload = useCallback(async () => {
    if (!preview) await Promise.all([refresh(), fetchShown()]);
  }, [fetchShown, preview, refresh]);
  const isActive = flag(config.isActive);
  const strategy = restrictionType(config.strategy);
  const configView = useMemo(() => ({ isActive, strategy }), [isActive, strategy]);
  return {
    config: configView,
    restrictions,
    /** More entries than shown: "Show more" loads the next 10. */
    hasMore,
    showMore: () => setPaging({ strategy: shown, more: more + 1 }),
    loading: state.loading === true,
    saving: state.saving === true,
    error: errorMessage(state.error),
    load,
    testCurrentIp,
    add: thenReload(add, reload),
    remove: thenReload(remove, reload),
    saveConfig: thenReload(saveConfig, reload),
  };
}

const storedDomainEntry = (entry: Loose): DomainRestriction => ({
  id: text(entry.id),
  domain: text(entry.domain),
  type: restrictionType(entry.type),
});

/**
 * Email-domain restrictions. The store keeps only the saved list type's domains; outside preview the
 * screen reads every domain from the API, so a domain added to the list being edited shows at once.
 */
export function useDomainRestrictions() {
  const { state, preview, load, refresh, add, remove, saveConfig } = useDomainRestrictionsStore();
  const data = objectAt(state, 'data');
  const config = objectAt(data, 'config');
  const [live, setLive] = useState<DomainRestriction[]>();
  const stored = useMemo<DomainRestriction[]>(
    () => list(data.restrictions).map(storedDomainEntry),
    [data.restrictions],
  );
  const fetchAll = useCallback(async () => {
    if (preview) return;
    setLive(await fetchDomainRestrictions());
  }, [preview]);
  useEffect(() => {
    void fetchAll().catch(() => undefined);
  }, [fetchAll]);
  const restrictions = preview || !live ? stored : live;
  const reload = useCallback(async () => {
    if (!preview) await Promise.all([refresh(), fetchAll()]);
  }, [fetchAll, preview, refresh]);
  const active = flag(config.active);
  const listType = restrictionType(config.listType);
  const blockPublicDomains = flag(config.blockPublicDomains);
  const configView = useMemo(
    () => ({ active, listType, blockPublicDomains }),
    [active, listType, blockPublicDomains],
  );
  return {
    config: configView,
    restrictions,
    loading: state.loading === true,
    saving: state.saving === true,
    error: errorMessage(state.error),
    load,
    add: thenReload(add, reload),
    remove: thenReload(remove, reload),
    saveConfig: thenReload(saveConfig, reload),
  };
}
