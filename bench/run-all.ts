// Runs every benchmark of this folder in turn and prints their Markdown tables (paste into RESULTS.md).
import { spawnSync } from 'node:child_process';
import { repoRoot } from './lib.ts';

const benchmarks = [
  'hot-paths.ts',
  'password-login.ts',
  'token-refresh.ts',
  'otc-login.ts',
  'bundle-size.ts',
  'lighthouse.ts',
  'start-time.ts',
  'saml-validate.ts',
  'saml-sign-in.ts',
  'scim-sync.ts',
];
for (const file of benchmarks) {
  const result = spawnSync(process.execPath, ['--import', 'tsx', `bench/${file}`], {
    cwd: repoRoot,
    stdio: 'inherit',
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
  console.log();
}
