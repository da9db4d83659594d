import { systemClock } from '../../lib/time.js';
import {
  createSigningKeyStore,
  KEY_PUBLISH_AHEAD_SECONDS,
  rotateSigningKeys,
} from '../../services/signing-keys/index.js';
import { parseOptions, type OpsCommand } from '../command.js';

// Issue 16: rotates the access tokens' signing key from the command line (docs/decisions/0020). The
// running servers read the new key within a minute and all start signing with it at its activation.

const usage = 'rotate-keys';

export const rotateKeysCommand: OpsCommand = {
  name: 'rotate-keys',
  description: `Rotate the signing key: published now, signing in ${KEY_PUBLISH_AHEAD_SECONDS / 60} minutes`,
  usage,
  async run(args, deps) {
    parseOptions(args, {}, usage);
    await deps.withDatabase(async (db, config) => {
      const keyStore = createSigningKeyStore({ db, config, clock: systemClock });
      // An install that never started has no key yet: the first one is made as a server would make it.
      await keyStore.prepare();
      const key = await rotateSigningKeys({ db, clock: systemClock, keyStore }, 'ops');
      deps.stdout(`New signing key ${key.kid} (${key.alg}): published now, signs from ${key.activatesAt}\n`);
    });
  },
};
