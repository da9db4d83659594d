// Finds the Chromium the browser journeys drive (Debian's package; browsers are never downloaded),
// installing Debian's `chromium` when we are root on a Debian-like machine.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const candidates = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'];

function findChromium() {
  if (process.env.CHROMIUM_PATH)
    return existsSync(process.env.CHROMIUM_PATH) ? process.env.CHROMIUM_PATH : null;
  return candidates.find((path) => existsSync(path)) ?? null;
}

function canInstallWithApt() {
  return (
    process.getuid?.() === 0 &&
    spawnSync('sh', ['-c', 'command -v apt-get'], { stdio: 'ignore' }).status === 0
  );
}

/** Returns the path of a Chromium binary, or exits with instructions when none can be had. */
export function ensureChromium() {
  const found = findChromium();
  if (found) return found;
  if (process.env.CHROMIUM_PATH) {
    console.error(`CHROMIUM_PATH points at ${process.env.CHROMIUM_PATH}, which does not exist.`);
    process.exit(1);
  }
  if (canInstallWithApt()) {
    console.log("No Chromium found: installing Debian's chromium package (apt-get install -y chromium)...");
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
    spawnSync('apt-get', ['install', '-y', '-qq', 'chromium'], { stdio: 'inherit', env });
    const installed = findChromium();
    if (installed) return installed;
  }
  console.error(
    [
      'The browser tests need Chromium and none was found.',
      '  On Debian or Ubuntu: sudo apt-get install -y chromium',
      '  Or point CHROMIUM_PATH at an installed Chromium or Chrome binary.',
    ].join('\n'),
  );
  process.exit(1);
}
