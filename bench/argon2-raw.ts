// Raw argon2id verify rate on this core, with the server's parameters: the ceiling for password logins.
import { hash, verify } from '@node-rs/argon2';
import { SERVER_ARGON2ID as options } from './lib.ts';

const durationMs = Number(process.argv[2] ?? 5000);

const stored = await hash('Brizo-demo-2026!', options);
let verified = 0;
const started = performance.now();
while (performance.now() - started < durationMs) {
  if (!(await verify(stored, 'Brizo-demo-2026!'))) throw new Error('verify failed');
  verified += 1;
}
const seconds = (performance.now() - started) / 1000;
console.log(
  JSON.stringify({ verifiesPerSecond: verified / seconds, msPerVerify: (seconds * 1000) / verified }),
);
