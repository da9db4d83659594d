// The cost of the malformed-input guard (issue 10) that every JSON body now passes: the depth scan and
// the `\u` check, next to the JSON.parse that every body already paid. In-process, no server.
// Usage: npx tsx bench/json-guard.ts
import { exceedsJsonDepth } from '../apps/identity/src/routes/malformed-input.ts';

const bodies: Array<[string, string]> = [
  ['sign-in', JSON.stringify({ email: 'regular@brizo.test', password: 'Brizo-demo-2026!' })],
  [
    'client-credentials exchange',
    JSON.stringify({ clientId: '0b5f3c2e-4d1a-4c8e-9f6b-2a7d9e1c3b40', secret: 'a'.repeat(43) }),
  ],
  [
    'profile with metadata',
    JSON.stringify({
      name: 'Ada Lovelace',
      metadata: Object.fromEntries(
        Array.from({ length: 40 }, (_, i) => [`key${i}`, { value: `v${i}`, n: i }]),
      ),
    }),
  ],
];

function nsPerCall(run: () => unknown, iterations: number): number {
  for (let i = 0; i < iterations / 10; i++) run(); // warm-up
  const start = process.hrtime.bigint();
  for (let i = 0; i < iterations; i++) run();
  return Number(process.hrtime.bigint() - start) / iterations;
}

console.log('| body | JSON.parse | depth scan + `\\u` check | guard / parse |');
console.log('| --- | --- | --- | --- |');
for (const [name, text] of bodies) {
  const iterations = 200_000;
  const parse = nsPerCall(() => JSON.parse(text), iterations);
  const guard = nsPerCall(() => exceedsJsonDepth(text) || text.includes('\\u'), iterations);
  console.log(
    `| ${name} (${text.length} B) | ${parse.toFixed(0)} ns | ${guard.toFixed(0)} ns | ${((guard / parse) * 100).toFixed(0)}% |`,
  );
}
