#!/usr/bin/env node
// Budget check for the login box's pages: the gzipped JavaScript that /account/login loads must stay
// within the budget, and every other /account page of the login box is reported. For the login page that is
// the entry chunk, the app it imports once the first frame is painted (its dynamic imports:
// src/main.tsx), the chunks the HTML preloads, and everything those import statically. Another page
// loads that too, the route table (src/app/routes.tsx, which the app imports lazily for every page but
// the login page) and its route's chunk (the table imports it lazily), each with its static imports.
// A route the table hands to a further table it imports lazily (src/app/product-routes.tsx, react-router
// and Mantine's provider with it) loads that table's chunk and its static imports too.
// What a page's chunk imports only on use (a form's validation on its first submit, a step further on)
// is listed apart, not counted.
// Usage: node scripts/check-login-bundle.mjs [distDir] (after `vite build`).
import { readdirSync, readFileSync } from 'node:fs';
import { join, posix } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

// /account/login is held to 154 kB (decision 0003, lowered from 200 kB when issue 17 brought it to
// 167.6 kB, then to 170 kB, and to 154 kB when its chunk lost react-router and Mantine's provider at
// 153.0 kB) in Vite's own (decimal) units, the stricter reading. Issue 17 asks for 160 kB on it and on
// every other page of the login box: each page is marked against that target, which does not fail the
// check.
export const BUDGET_BYTES = 154 * 1000;
export const TARGET_BYTES = 160 * 1000;

/**
 * The login box's pages other than /account/login, each with the name of its route's chunk (the
 * module the route table, src/app/routes.tsx or src/app/product-routes.tsx, imports lazily for it; the
 * bundler names the chunk after it).
 */
export const ACCOUNT_PAGES = {
  '/account/sign-up': 'sign-up-with-social-logins',
  '/account/login/magic-link': 'magic-link-page',
  '/account/activate': 'activate-page',
  '/account/forget-password': 'forgot-password',
  '/account/reset-password': 'reset-password',
  '/account/unlock': 'unlock',
  '/account/invitation/accept': 'accept-invitation',
  '/account/revert-email': 'revert-email',
  '/account/impersonate': 'impersonate',
  '/account/step-up': 'step-up-page',
  '/account/reset-phone-number': 'reset-phone-number',
  '/account/logout': 'logout',
};

/** The chunk of the route table every page but /account/login loads. */
export const ROUTE_TABLE_CHUNK = 'routes';

const ENTRY_SCRIPT = /<script type="module"[^>]*src="([^"]+)"/g;
const MODULE_PRELOAD = /<link rel="modulepreload"[^>]*href="([^"]+)"/g;
// Static imports: `import ... from "./x.js"` and bare `import "./x.js"`.
const STATIC_IMPORT = /(?:^|[;}\s])import\s*(?:[\w$*{}\s,]+from\s*)?["']([^"']+\.js)["']/g;
// Dynamic imports, followed in the entry chunks only: elsewhere they are the lazy routes' chunks.
const DYNAMIC_IMPORT = /\bimport\(\s*[`"']([^`"']+\.js)[`"']\s*\)/g;

/** A walker over the build's chunks that records `{ url: gzip bytes }` in `seen`. */
function walker(dist, seen = new Map()) {
  const code = (url) => readFileSync(join(dist, url), 'utf8');
  const resolve = (url, spec) => (spec.startsWith('.') ? posix.join(posix.dirname(url), spec) : spec);
  function visit(url, followDynamic = false) {
    if (seen.has(url)) return;
    const text = code(url);
    // zlib's default level, as Vite's build report uses.
    seen.set(url, gzipSync(text).length);
    for (const [, spec] of text.matchAll(STATIC_IMPORT)) visit(resolve(url, spec));
    if (followDynamic) for (const [, spec] of text.matchAll(DYNAMIC_IMPORT)) visit(resolve(url, spec));
  }
  const dynamicImports = (url) =>
    [...code(url).matchAll(DYNAMIC_IMPORT)].map(([, spec]) => resolve(url, spec));
  return { seen, visit, dynamicImports };
}

/** `{ url: gzip bytes }` of every script /account/login loads from the build in `dist`. */
export function loginBundle(dist) {
  const html = readFileSync(join(dist, 'index.html'), 'utf8');
  const { seen, visit } = walker(dist);
  for (const [, url] of html.matchAll(ENTRY_SCRIPT)) visit(url, true);
  for (const [, url] of html.matchAll(MODULE_PRELOAD)) visit(url);
  return seen;
}

/** The URL of the chunk named `name` (the bundler adds `-` and an 8-character hash). */
export function chunkNamed(dist, name) {
  const pattern = new RegExp(`^${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}-[\\w-]{8}\\.js$`);
  const found = readdirSync(join(dist, 'assets')).filter((file) => pattern.test(file));
  if (found.length !== 1)
    throw new Error(`expected one chunk named ${name} in ${dist}/assets, found ${found.length}`);
  return `/assets/${found[0]}`;
}

/**
 * The chunks the route table reaches `route` through: the first of the shortest chains of dynamic
 * imports from `table` to it, both ends included.
 */
function chainTo(table, route, dynamicImports) {
  const cameFrom = new Map([[table, null]]);
  for (const queue = [table]; queue.length > 0;) {
    const url = queue.shift();
    if (url === route) break;
    for (const next of dynamicImports(url)) {
      if (cameFrom.has(next)) continue;
      cameFrom.set(next, url);
      queue.push(next);
    }
  }
  if (!cameFrom.has(route)) throw new Error(`the route table does not import ${route}`);
  const chain = [];
  for (let url = route; url; url = cameFrom.get(url)) chain.unshift(url);
  return chain;
}

/**
 * What a login-box page other than /account/login loads: `loads` is `{ url: gzip bytes }` of the login
 * page's scripts, the route table's chunk, any table on the way from it to the route's chunk, the
 * route's chunk and their static imports; `onUse` is what the route's chunk imports dynamically (with
 * their static imports) beyond that.
 */
export function pageBundle(dist, chunkName) {
  const { seen, visit, dynamicImports } = walker(dist, new Map(loginBundle(dist)));
  const route = chunkNamed(dist, chunkName);
  for (const url of chainTo(chunkNamed(dist, ROUTE_TABLE_CHUNK), route, dynamicImports)) visit(url);
  const loads = new Map(seen);
  for (const url of dynamicImports(route)) visit(url);
  const onUse = new Map([...seen].filter(([url]) => !loads.has(url)));
  return { loads, onUse };
}

const sum = (sizes) => [...sizes.values()].reduce((total, size) => total + size, 0);

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const dist = process.argv[2] ?? fileURLToPath(new URL('../dist', import.meta.url));
  const kB = (bytes) => `${(bytes / 1000).toFixed(2).padStart(8)} kB`;
  const login = loginBundle(dist);
  for (const [url, size] of [...login].sort((a, b) => b[1] - a[1])) console.log(`${kB(size)}  ${url}`);
  const rows = [['/account/login', sum(login), 0, '']];
  for (const [page, chunk] of Object.entries(ACCOUNT_PAGES)) {
    const { loads, onUse } = pageBundle(dist, chunk);
    const own = [...loads].filter(([url]) => !login.has(url)).map(([url]) => url.replace('/assets/', ''));
    rows.push([page, sum(loads), sum(onUse), own.join(' ')]);
  }
  console.log('\ngzip JavaScript each page loads (and, apart, what its chunk loads only on use):');
  for (const [page, total, onUse, own] of rows) {
    const mark = total <= TARGET_BYTES ? '  ' : '! ';
    console.log(`${mark}${kB(total)}  ${page.padEnd(28)} on use ${kB(onUse)}  ${own}`);
  }
  const overTarget = rows.filter(([, total]) => total > TARGET_BYTES).length;
  console.log(`${overTarget} of ${rows.length} pages over the ${TARGET_BYTES / 1000} kB target (marked !)`);
  const loginTotal = sum(login);
  const verdict = loginTotal <= BUDGET_BYTES ? 'within' : 'OVER';
  console.log(`/account/login: ${kB(loginTotal)} (${verdict} the ${BUDGET_BYTES / 1000} kB budget)`);
  process.exit(loginTotal <= BUDGET_BYTES ? 0 : 1);
}
