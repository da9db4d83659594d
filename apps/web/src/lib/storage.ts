import type { KeyValueStorage } from '../product';

// Browser storage that never throws: storage can be disabled (privacy modes, blocked
// third-party storage), and losing a saved query string must not break sign-in.

function safe(get: () => Storage): KeyValueStorage {
  return {
    getItem(key) {
      try {
        return get().getItem(key);
      } catch {
        return null;
      }
    },
    setItem(key, value) {
      try {
        get().setItem(key, value);
      } catch {
        /* storage unavailable: nothing to keep */
      }
    },
    removeItem(key) {
      try {
        get().removeItem(key);
      } catch {
        /* storage unavailable: nothing to remove */
      }
    },
  };
}

export const local: KeyValueStorage = safe(() => window.localStorage);
export const session: KeyValueStorage = safe(() => window.sessionStorage);
