// Issue 15: entitlement checks per second on one core, with the evaluator the server and the web app
// share (@brizo/contract/entitlements), over the context and shapes of entitlement-shapes.ts; each
// shape for BENCH_SECONDS (default 3) after a warm-up. entitlement-checks-browser.ts runs the same in Chromium.
// Usage: taskset -c 1 npx tsx bench/entitlement-checks.ts
import { FEATURES, PLANS, measureShapes } from './entitlement-shapes.ts';
import { describeMachine, formatRate } from './lib.ts';

const seconds = Number(process.env.BENCH_SECONDS ?? 3);

console.log(`### Entitlement checks per second, one core`);
console.log(`${describeMachine()}; ${FEATURES} features, ${PLANS} plans; ${seconds} s per shape`);
console.log('| check | per second | µs each |');
console.log('|---|---|---|');
for (const { name, perSecond, microseconds } of measureShapes(seconds)) {
  console.log(`| ${name} | ${formatRate(perSecond)} | ${microseconds.toFixed(2)} |`);
}
