import { describe, expect, it } from 'vitest';
import {
  QUERY_STRING_KEY,
  SOURCE_KEY,
  clearStoredSource,
  isTrialPage,
  mergeQueryStrings,
  planRedirect,
  readStoredSource,
  reconcileTrialPageQuery,
  rememberQueryString,
  shouldStoreQueryString,
  storeSource,
} from './query-string';
import { createMemoryStorage } from './test-utils';

describe('shouldStoreQueryString', () => {
  it.each([
    { pathname: '/account/sign-up', expected: true },
    { pathname: '/account/sign-up/', expected: true },
    { pathname: '/trial-started', expected: true },
    { pathname: '/under-review', expected: true },
    { pathname: '/olo', expected: true },
    { pathname: '/some/deep/page', expected: true },
    { pathname: '/accounting', expected: true },
    { pathname: '/', expected: false },
    // Walk-through defects: the hosted login's single-use code was saved and appended to the trial page.
    { pathname: '/oauth/callback', expected: false },
    { pathname: '/account', expected: false },
    { pathname: '/account/login', expected: false },
    { pathname: '/account/activate', expected: false },
    { pathname: '/account/reset-password', expected: false },
  ])('$pathname → $expected', ({ pathname, expected }) => {
    expect(shouldStoreQueryString(pathname)).toBe(expected);
  });
});

describe('rememberQueryString', () => {
  it.each([
    { pathname: '/account/sign-up', search: '?utm_source=ad', stored: '?utm_source=ad' },
    { pathname: '/olo', search: 'utm_source=ad', stored: '?utm_source=ad' },
    { pathname: '/account/login', search: '?utm_source=ad', stored: '?old=1' },
    { pathname: '/', search: '?utm_source=ad', stored: '?old=1' },
    // An empty query string must not wipe what the visitor came with.
    { pathname: '/trial-started', search: '', stored: '?old=1' },
    { pathname: '/trial-started', search: '?', stored: '?old=1' },
  ])('$pathname$search → stored $stored', ({ pathname, search, stored }) => {
    const local = createMemoryStorage({ [QUERY_STRING_KEY]: '?old=1' });
    rememberQueryString(pathname, search, local);
    expect(local.getItem(QUERY_STRING_KEY)).toBe(stored);
  });
});

describe('mergeQueryStrings', () => {
  it.each([
    { search: '', extra: '?a=1', expected: '?a=1' },
    { search: '?a=1', extra: '', expected: '?a=1' },
    { search: '?a=1', extra: '?b=2', expected: '?a=1&b=2' },
    { search: '?a=1', extra: '?a=1&b=2', expected: '?a=1&b=2' },
    { search: '?a=1&b=2', extra: 'b=2&a=1', expected: '?a=1&b=2' },
    { search: '?q=a%20b', extra: '?c=x+y', expected: '?q=a%20b&c=x+y' },
    { search: '', extra: '', expected: '' },
  ])('$search + $extra → $expected', ({ search, extra, expected }) => {
    expect(mergeQueryStrings(search, extra)).toBe(expected);
  });
});

describe('reconcileTrialPageQuery', () => {
  it.each([
    { name: 'nothing stored', search: '?a=1', stored: null, result: null, storedAfter: null },
    { name: 'equal: removed', search: '?utm=x', stored: '?utm=x', result: null, storedAfter: null },
    {
      name: 'different, empty address: appended',
      search: '',
      stored: '?utm=x',
      result: '?utm=x',
      storedAfter: '?utm=x',
    },
    {
      name: 'different: appended',
      search: '?a=1',
      stored: '?utm=x',
      result: '?a=1&utm=x',
      storedAfter: '?utm=x',
    },
    {
      name: 'already appended: removed, no loop',
      search: '?a=1&utm=x',
      stored: '?utm=x',
      result: null,
      storedAfter: null,
    },
    {
      name: 'partly present: the rest appended',
      search: '?utm=x',
      stored: '?utm=x&b=2',
      result: '?utm=x&b=2',
      storedAfter: '?utm=x&b=2',
    },
  ])('$name', ({ search, stored, result, storedAfter }) => {
    const local = createMemoryStorage(stored === null ? {} : { [QUERY_STRING_KEY]: stored });
    expect(reconcileTrialPageQuery(search, local)).toBe(result);
    expect(local.getItem(QUERY_STRING_KEY)).toBe(storedAfter);
  });

  it.each([
    { pathname: '/trial-started', expected: true },
    { pathname: '/trial-ended/', expected: true },
    { pathname: '/under-review', expected: true },
    { pathname: '/olo', expected: false },
    { pathname: '/account/login', expected: false },
  ])('isTrialPage($pathname) → $expected', ({ pathname, expected }) => {
    expect(isTrialPage(pathname)).toBe(expected);
  });
});

describe('source', () => {
  it.each([
    { source: '/menus', before: null, after: '/menus' },
    { source: '/menus', before: '/old', after: '/menus' },
    { source: null, before: '/old', after: '/old' },
    { source: '', before: '/old', after: '/old' },
    { source: null, before: null, after: null },
  ])('storeSource($source) with $before stored → $after', ({ source, before, after }) => {
    const session = createMemoryStorage(before === null ? {} : { [SOURCE_KEY]: before });
    storeSource(source, session);
    expect(readStoredSource(session)).toBe(after);
  });

  it('reads an empty stored source as none, and clears', () => {
    expect(readStoredSource(createMemoryStorage({ [SOURCE_KEY]: '' }))).toBeNull();
    const session = createMemoryStorage({ [SOURCE_KEY]: '/menus' });
    clearStoredSource(session);
    expect(session.items.has(SOURCE_KEY)).toBe(false);
  });
});

describe('planRedirect', () => {
  it.each([
    { target: 'https://app.brizo.test/x', stored: '?utm=x', url: 'https://app.brizo.test/x', external: true },
    { target: 'http://app.brizo.test', stored: null, url: 'http://app.brizo.test', external: true },
    { target: 'HTTPS://APP.BRIZO.TEST', stored: null, url: 'HTTPS://APP.BRIZO.TEST', external: true },
    { target: '/trial-started', stored: '?utm=x', url: '/trial-started?utm=x', external: false },
    { target: '/trial-started', stored: null, url: '/trial-started', external: false },
    { target: '/menus?a=1', stored: '?utm=x', url: '/menus?a=1&utm=x', external: false },
    { target: '/menus?utm=x', stored: '?utm=x', url: '/menus?utm=x', external: false },
    { target: '/menus#top', stored: '?utm=x', url: '/menus?utm=x#top', external: false },
  ])('$target with $stored stored → $url', ({ target, stored, url, external }) => {
    const local = createMemoryStorage(stored === null ? {} : { [QUERY_STRING_KEY]: stored });
    expect(planRedirect(target, local, createMemoryStorage())).toEqual({ url, external });
  });

  it.each([
    { target: 'https://app.brizo.test/', sourceAfter: null },
    { target: '/trial-started', sourceAfter: '/menus' },
  ])('$target leaves the stored source as $sourceAfter', ({ target, sourceAfter }) => {
    const session = createMemoryStorage({ [SOURCE_KEY]: '/menus' });
    planRedirect(target, createMemoryStorage(), session);
    expect(readStoredSource(session)).toBe(sourceAfter);
  });
});
