// Gzipped JavaScript that the browser loads for a page of the built web app (default /account/login).
// Every script response the page receives is gzipped at level 9, as a server would send it.
// Usage: npx tsx bench/bundle-size.ts [/account/login]
// A page behind sign-in (the admin portal): BENCH_SIGN_IN=admin@brizo.test npx tsx bench/bundle-size.ts /admin-portal
// signs in first (the demo password) and counts only the scripts the page itself then loads.
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { benchPort, DEMO_PASSWORD, startServer } from './lib.ts';

const path = process.argv[2] ?? '/account/login';
const server = await startServer({ port: benchPort(3303) });
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
});
try {
  const context = await browser.newContext();
  const page = await context.newPage();
  const signIn = process.env.BENCH_SIGN_IN;
  if (signIn) {
    await page.goto(`${server.url}/account/login`);
    await page.getByLabel('Email', { exact: false }).first().fill(signIn);
    await page.getByRole('button', { name: /continue/i }).click();
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: /sign in/i }).click();
    await page.waitForURL((url) => url.pathname.startsWith('/app'));
    // A new page of the same browser context: its session, none of the scripts already loaded.
    await page.close();
  }
  const target = signIn ? await context.newPage() : page;
  const scripts: Array<{ url: string; raw: number; gzip: number }> = [];
  target.on('response', async (response) => {
    if (response.request().resourceType() !== 'script') return;
    const body = await response.body();
    scripts.push({
      url: new URL(response.url()).pathname,
      raw: body.length,
      gzip: gzipSync(body, { level: 9 }).length,
    });
  });
  await target.goto(`${server.url}${path}`, { waitUntil: 'networkidle' });
  const kb = (bytes: number) => (bytes / 1024).toFixed(1);
  console.log(`## JavaScript loaded by ${path}`);
  console.log(`| script | raw KB | gzip KB |`);
  console.log(`|---|---|---|`);
  for (const script of scripts.sort((a, b) => b.gzip - a.gzip))
    console.log(`| ${script.url} | ${kb(script.raw)} | ${kb(script.gzip)} |`);
  const total = scripts.reduce((sum, script) => sum + script.gzip, 0);
  console.log(
    `| **total** | ${kb(scripts.reduce((sum, s) => sum + s.raw, 0))} | **${kb(total)}** ${signIn ? '' : ' (target ≤ 200)'} |`,
  );
} finally {
  await browser.close();
  await server.stop();
}
