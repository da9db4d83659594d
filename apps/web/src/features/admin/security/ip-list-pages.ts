import type { IpRestrictionEntry, IpRestrictionPage } from '@brizo/contract/entities/restrictions';

/** SPEC section 9: an IP list shows its first 4 entries (as the store's own first page), then 10 more at a time. */
export const IP_FIRST_ROWS = 4;
export const IP_MORE_ROWS = 10;

/**
 * The pages an IP list reads after `more` "Show more": the first 4 rows, else the first `more` pages of
 * 10 (the API's `_offset` is a page number, so the pages of 10 start again from the top).
 */
export function ipListPages(more: number): { limit: number; page: number }[] {
  if (more === 0) return [{ limit: IP_FIRST_ROWS, page: 0 }];
  return Array.from({ length: more }, (_, page) => ({ limit: IP_MORE_ROWS, page }));
}

/** The rows of those pages, in order, and how many the list holds in all. */
export function joinIpListPages(pages: IpRestrictionPage[]): {
  entries: IpRestrictionEntry[];
  totalItems: number;
} {
  return {
    entries: pages.flatMap((page) => page.items),
    totalItems: Math.max(0, ...pages.map((page) => page._metadata.totalItems)),
  };
}
