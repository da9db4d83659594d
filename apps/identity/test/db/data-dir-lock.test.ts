import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/client.js';
import { acquireDataDirLock, DataDirLockedError, LOCK_FILE_NAME } from '../../src/db/data-dir-lock.js';

const dirs: string[] = [];
const tempDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'identity-lock-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

/** A live process that is not this one: the "other server" holding the lock. */
function otherProcess() {
  const child = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)'], { stdio: 'ignore' });
  return { pid: child.pid ?? 0, stop: () => child.kill() };
}

describe('data-directory lock', () => {
  it('writes the pid, refuses a second live process with a clear message, and releases', () => {
    const dir = tempDir();
    const other = otherProcess();
    try {
      const held = acquireDataDirLock(dir, other.pid);
      expect(fs.readFileSync(path.join(dir, LOCK_FILE_NAME), 'utf8')).toMatch(new RegExp(`^${other.pid}\\n`));
      expect(() => acquireDataDirLock(dir)).toThrow(DataDirLockedError);
      expect(() => acquireDataDirLock(dir)).toThrow(
        `is in use by another identity server (pid ${other.pid})`,
      );
      held.release();
      expect(fs.existsSync(path.join(dir, LOCK_FILE_NAME))).toBe(false);
      const mine = acquireDataDirLock(dir);
      mine.release();
    } finally {
      other.stop();
    }
  });

  it('takes over a stale lock whose process is gone', async () => {
    const dir = tempDir();
    const gone = otherProcess();
    gone.stop();
    await new Promise((resolve) => setTimeout(resolve, 200));
    fs.writeFileSync(path.join(dir, LOCK_FILE_NAME), `${gone.pid}\n2020-01-01T00:00:00Z\n`);
    const lock = acquireDataDirLock(dir);
    expect(fs.readFileSync(lock.path, 'utf8')).toMatch(new RegExp(`^${process.pid}\\n`));
    lock.release();
  });

  it('takes over an unreadable lock file', () => {
    const dir = tempDir();
    fs.writeFileSync(path.join(dir, LOCK_FILE_NAME), 'garbage');
    acquireDataDirLock(dir).release();
  });

  it('openDatabase creates the missing parent directories and refuses a locked directory before opening PGlite', async () => {
    const dir = path.join(tempDir(), 'nested', 'data');
    const other = otherProcess();
    try {
      fs.mkdirSync(dir, { recursive: true });
      acquireDataDirLock(dir, other.pid);
      await expect(openDatabase({ databaseUrl: undefined, dataDir: dir })).rejects.toThrow(
        DataDirLockedError,
      );
      expect(fs.readdirSync(dir)).toEqual([LOCK_FILE_NAME]);
    } finally {
      other.stop();
    }
  });
});
