#!/usr/bin/env node
// Budget check for the login page: the gzipped JavaScript that /account/login loads must stay within
// the budget. That is the entry chunk, the app it imports once the first frame is painted (its dynamic
// imports: src/main.tsx), the chunks the HTML preloads, and everything those import statically.
// Usage: node scripts/check-login-bundle.mjs [distDir] (after `vite build`).
import { readFileSync } from 'node:fs';
import { join, posix } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

// Held to 200 kB in Vite's own (decimal) units, the stricter reading of "200 KB".
export const BUDGET_BYTES = 200 * 1000;

const ENTRY_SCRIPT = /<script type="module"[^>]*src="([^"]+)"/g;
const MODULE_PRELOAD = /<link rel="modulepreload"[^>]*href="([^"]+)"/g;
// Static imports: `import ... from "./x.js"` and bare `import "./x.js"`.
const STATIC_IMPORT = /(?:^|[;}\s])import\s*(?:[\w$*{}\s,]+from\s*)?["']([^"']+\.js)["']/g;
// Dynamic imports, followed in the entry chunks only: elsewhere they are the lazy routes' chunks.
const DYNAMIC_IMPORT = /\bimport\(\s*[`"']([^`"']+\.js)[`"']\s*\)/g;

/** `{ url: gzip bytes }` of every script /account/login loads from the build in `dist`. */
export function loginBundle(dist) {
  const html = readFileSync(join(dist, 'index.html'), 'utf8');
  const seen = new Map();
  function visit(url, followDynamic) {
    if (seen.has(url)) return;
    const code = readFileSync(join(dist, url), 'utf8');
    // zlib's default level, as Vite's build report uses.
    seen.set(url, gzipSync(code).length);
    const resolve = (spec) => (spec.startsWith('.') ? posix.join(posix.dirname(url), spec) : spec);
    for (const [, spec] of code.matchAll(STATIC_IMPORT)) visit(resolve(spec), false);
    if (followDynamic) for (const [, spec] of code.matchAll(DYNAMIC_IMPORT)) visit(resolve(spec), false);
  }
  for (const [, url] of html.matchAll(ENTRY_SCRIPT)) visit(url, true);
  for (const [, url] of html.matchAll(MODULE_PRELOAD)) visit(url, false);
  return seen;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const dist = process.argv[2] ?? fileURLToPath(new URL('../dist', import.meta.url));
  const seen = loginBundle(dist);
  const total = [...seen.values()].reduce((sum, size) => sum + size, 0);
  const kB = (bytes) => `${(bytes / 1000).toFixed(2).padStart(8)} kB`;
  for (const [url, size] of [...seen].sort((a, b) => b[1] - a[1])) console.log(`${kB(size)}  ${url}`);
  const verdict = total <= BUDGET_BYTES ? 'within' : 'OVER';
  console.log(
    `${kB(total)}  gzip JavaScript loaded by /account/login (${verdict} the ${BUDGET_BYTES / 1000} kB budget)`,
  );
  process.exit(total <= BUDGET_BYTES ? 0 : 1);
}
