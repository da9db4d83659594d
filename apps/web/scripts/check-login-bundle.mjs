#!/usr/bin/env node
// Budget check for the login page: the gzipped JavaScript that /account/login loads (the
// entry chunk and everything it imports statically) must stay within the budget.
// Usage: node scripts/check-login-bundle.mjs [distDir] (after `vite build`).
import { readFileSync } from 'node:fs';
import { join, posix } from 'node:path';
import { gzipSync } from 'node:zlib';

// Held to 200 kB in Vite's own (decimal) units, the stricter reading of "200 KB".
const BUDGET_BYTES = 200 * 1000;
const dist = process.argv[2] ?? new URL('../dist', import.meta.url).pathname;

const html = readFileSync(join(dist, 'index.html'), 'utf8');
const entries = [...html.matchAll(/<script type="module"[^>]*src="([^"]+)"/g)].map((m) => m[1]);
// Static imports only: `import ... from "./x.js"` and bare `import "./x.js"`; dynamic import() is lazy.
const STATIC_IMPORT = /(?:^|[;}\s])import\s*(?:[\w$*{}\s,]+from\s*)?["']([^"']+\.js)["']/g;

const seen = new Map();
function visit(url) {
  if (seen.has(url)) return;
  const code = readFileSync(join(dist, url), 'utf8');
  // zlib's default level, as Vite's build report uses.
  seen.set(url, gzipSync(code).length);
  for (const [, spec] of code.matchAll(STATIC_IMPORT)) {
    visit(spec.startsWith('.') ? posix.join(posix.dirname(url), spec) : spec);
  }
}
entries.forEach(visit);

const total = [...seen.values()].reduce((sum, size) => sum + size, 0);
const kB = (bytes) => `${(bytes / 1000).toFixed(2).padStart(8)} kB`;
for (const [url, size] of [...seen].sort((a, b) => b[1] - a[1])) console.log(`${kB(size)}  ${url}`);
const verdict = total <= BUDGET_BYTES ? 'within' : 'OVER';
console.log(
  `${kB(total)}  gzip JavaScript loaded by /account/login (${verdict} the ${BUDGET_BYTES / 1000} kB budget)`,
);
process.exit(total <= BUDGET_BYTES ? 0 : 1);
