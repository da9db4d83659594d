// Gzipped JavaScript that the browser loads for a page of the built web app (default /account/login).
// Every script response the page receives is gzipped at level 9, as a server would send it.
// Usage: npx tsx bench/bundle-size.ts [/account/login]
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { startServer } from './lib.ts';

const path = process.argv[2] ?? '/account/login';
const server = await startServer({ port: 3303 });
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
});
try {
  const page = await browser.newPage();
  const scripts: Array<{ url: string; raw: number; gzip: number }> = [];
  page.on('response', async (response) => {
    if (response.request().resourceType() !== 'script') return;
    const body = await response.body();
    scripts.push({
      url: new URL(response.url()).pathname,
      raw: body.length,
      gzip: gzipSync(body, { level: 9 }).length,
    });
  });
  await page.goto(`${server.url}${path}`, { waitUntil: 'networkidle' });
  const kb = (bytes: number) => (bytes / 1024).toFixed(1);
  console.log(`## JavaScript loaded by ${path}`);
  console.log(`| script | raw KB | gzip KB |`);
  console.log(`|---|---|---|`);
  for (const script of scripts.sort((a, b) => b.gzip - a.gzip))
    console.log(`| ${script.url} | ${kb(script.raw)} | ${kb(script.gzip)} |`);
  const total = scripts.reduce((sum, script) => sum + script.gzip, 0);
  console.log(
    `| **total** | ${kb(scripts.reduce((sum, s) => sum + s.raw, 0))} | **${kb(total)}** (target ≤ 200) |`,
  );
} finally {
  await browser.close();
  await server.stop();
}
