// Issue 15: the entitlement checks of entitlement-checks.ts in Debian's Chromium, as the web app runs
// them: entitlement-shapes.ts (the contract's evaluator and the same context) bundled for the browser
// with esbuild and timed in a blank page, each shape for BENCH_SECONDS (default 3) after a warm-up.
// Usage: taskset -c 1 npx tsx bench/entitlement-checks-browser.ts
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import { build } from 'esbuild';
import { FEATURES, PLANS, type ShapeRate } from './entitlement-shapes.ts';
import { formatRate } from './lib.ts';

const seconds = Number(process.env.BENCH_SECONDS ?? 3);

const bundle = await build({
  stdin: {
    contents:
      "import { measureShapes } from './entitlement-shapes.ts'; globalThis.measureShapes = measureShapes;",
    resolveDir: fileURLToPath(new URL('.', import.meta.url)),
    loader: 'ts',
  },
  bundle: true,
  format: 'iife',
  target: 'es2022',
  minify: true,
  write: false,
});
const script = bundle.outputFiles[0]?.text ?? '';

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu'],
});
try {
  const page = await browser.newPage();
  await page.addScriptTag({ content: script });
  const version = browser.version();
  const results = await page.evaluate(
    (duration) =>
      (globalThis as unknown as { measureShapes: (s: number) => ShapeRate[] }).measureShapes(duration),
    seconds,
  );
  console.log(`### Entitlement checks per second in Chromium ${version}, one core`);
  console.log(
    `${FEATURES} features, ${PLANS} plans; ${seconds} s per shape; evaluator bundle ${(script.length / 1024).toFixed(1)} kB minified`,
  );
  console.log('| check | per second | µs each |');
  console.log('|---|---|---|');
  for (const { name, perSecond, microseconds } of results) {
    console.log(`| ${name} | ${formatRate(perSecond)} | ${microseconds.toFixed(2)} |`);
  }
} finally {
  await browser.close();
}
