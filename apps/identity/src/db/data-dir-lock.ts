import fs from 'node:fs';
import path from 'node:path';

export const LOCK_FILE_NAME = 'identity-server.lock';

export class DataDirLockedError extends Error {
  override name = 'DataDirLockedError';
}

export interface DataDirLock {
  path: string;
  release(): void;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readOwnerPid(lockPath: string): number | undefined {
  try {
    const pid = Number.parseInt(fs.readFileSync(lockPath, 'utf8').trim().split(/\s+/)[0] ?? '', 10);
    return Number.isInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Takes the data directory for this process. A lock held by a live process refuses with a clear
 * message; a stale one (its process is gone) is taken over.
 */
export function acquireDataDirLock(dataDir: string, pid: number = process.pid): DataDirLock {
  const lockPath = path.join(dataDir, LOCK_FILE_NAME);
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      fs.writeFileSync(lockPath, `${pid}\n${new Date().toISOString()}\n`, { flag: 'wx' });
      return {
        path: lockPath,
        release() {
          if (readOwnerPid(lockPath) === pid) fs.rmSync(lockPath, { force: true });
        },
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = readOwnerPid(lockPath);
      if (owner !== undefined && owner !== pid && isAlive(owner)) {
        throw new DataDirLockedError(
          `The data directory ${dataDir} is in use by another identity server (pid ${owner}). ` +
            `Stop that process, or set DATA_DIR (or DATABASE_URL) to use another database.`,
        );
      }
      // Stale lock: its owner is gone, or it carries our own pid (a container restarted as pid 1
      // finds its previous life's lock). Remove it and try again.
      fs.rmSync(lockPath, { force: true });
    }
  }
  throw new DataDirLockedError(`Could not take the lock ${lockPath}; another process keeps creating it.`);
}
