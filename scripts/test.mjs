// `npm test`: lint, type-check, unit, server and browser tests, then one closing line with the totals.
// Each test runner also writes a JSON report, which is where the totals come from.
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { ensureChromium } from './chromium.mjs';
import { buildWebIfStale, root, run, runOrExit } from './lib.mjs';

const reports = join(root, 'node_modules', '.cache', 'brizo-test-reports');
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });

function step(title) {
  console.log(`\n=== ${title} ===`);
}

function vitestRun(workspace, name) {
  const output = join(reports, `${name}.json`);
  const status = run(
    'npx',
    ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${output}`],
    { cwd: join(root, workspace) },
  );
  const report = JSON.parse(readFileSync(output, 'utf8'));
  return {
    status,
    passed: report.numPassedTests,
    failed: report.numFailedTests,
    skipped: report.numPendingTests,
  };
}

function playwrightRun(chromiumPath) {
  const output = join(reports, 'e2e.json');
  const status = run('npx', ['playwright', 'test', '--reporter=list,json'], {
    cwd: join(root, 'e2e'),
    env: { ...process.env, CHROMIUM_PATH: chromiumPath, PLAYWRIGHT_JSON_OUTPUT_NAME: output },
  });
  const { stats } = JSON.parse(readFileSync(output, 'utf8'));
  return { status, passed: stats.expected + stats.flaky, failed: stats.unexpected, skipped: stats.skipped };
}

step('lint');
runOrExit('npx', ['eslint', '.']);
runOrExit('npx', ['prettier', '--check', '.']);

step('type-check');
runOrExit('npm', ['run', 'typecheck', '--workspaces', '--if-present']);

const results = [];
step('unit tests (packages/contract)');
results.push(vitestRun('packages/contract', 'contract'));

step('unit tests (apps/web)');
results.push(vitestRun('apps/web', 'unit'));

step('server tests (apps/identity)');
results.push(vitestRun('apps/identity', 'server'));

step('browser journeys (e2e)');
const chromiumPath = ensureChromium();
buildWebIfStale();
results.push(playwrightRun(chromiumPath));

const total = (key) => results.reduce((sum, result) => sum + result[key], 0);
console.log(`\ntests: ${total('passed')} passed, ${total('failed')} failed, ${total('skipped')} skipped`);
process.exit(results.some((result) => result.status !== 0) ? 1 : 0);
