// Installs the workspace's packages when node_modules is missing or older than the lockfile, so that
// `npm start` and `npm test` work as the very first command on a fresh clone.
import { spawnSync } from 'node:child_process';
import { statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

function mtimeOf(path) {
  try {
    return statSync(path).mtimeMs;
  } catch {
    return null;
  }
}

// npm rewrites node_modules/.package-lock.json after every install, so its age tells when we last installed.
const installedAt = mtimeOf(join(root, 'node_modules', '.package-lock.json'));
const lockfileAt = mtimeOf(join(root, 'package-lock.json'));

if (installedAt === null || (lockfileAt !== null && lockfileAt > installedAt)) {
  console.log(
    installedAt === null
      ? 'Installing packages (npm ci)...'
      : 'The lockfile changed: reinstalling packages (npm ci)...',
  );
  const result = spawnSync('npm', ['ci', '--no-audit', '--no-fund'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) {
    console.error('npm ci failed: see the messages above.');
    process.exit(result.status ?? 1);
  }
}
