// SAML responses validated per second on one core: validateSamlResponse (apps/identity/src/auth/methods/
// saml/validation.ts, pure, no database) on IdP-signed responses (RSA-SHA256 over the assertion,
// exclusive canonicalisation, signed by the test IdP of apps/identity/test/saml-idp.ts), next to the
// ceiling: node:crypto verifying an RSA-SHA256 signature of the same key over the same SignedInfo.
// The script runs itself again under `taskset -c $BENCH_CORE` (default 1) so the figures are one core's.
// Usage: npx tsx bench/saml-validate.ts          (BENCH_SECONDS=10 per figure)
import { spawnSync } from 'node:child_process';
import { createPrivateKey, createPublicKey, sign, verify, X509Certificate } from 'node:crypto';
import { cpus, loadavg } from 'node:os';
import {
  validateSamlResponse,
  type SamlConnectionSettings,
} from '../apps/identity/src/auth/methods/saml/validation.ts';
import { generateSpKey } from '../apps/identity/src/auth/methods/saml/sp-keys.ts';
import { createTestIdp, fromBase64 } from '../apps/identity/test/saml-idp.ts';
import { describeMachine, formatRate, repoRoot } from './lib.ts';

const core = process.env.BENCH_CORE ?? '1';
if (process.env.BENCH_PINNED !== core) {
  const run = spawnSync(
    'taskset',
    ['-c', core, process.execPath, '--import', 'tsx', ...process.argv.slice(1)],
    {
      cwd: repoRoot,
      env: { ...process.env, BENCH_PINNED: core },
      stdio: 'inherit',
    },
  );
  process.exit(run.status ?? 1);
}

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const DISTINCT = 200;
const sp = {
  entityId: 'http://localhost:3330/frontegg/saml/metadata',
  acsUrl: 'http://localhost:3330/frontegg/auth/saml/callback',
};

const now = new Date();
const key = await generateSpKey('idp.example', new Date(now.getTime() - 60_000));
const idp = await createTestIdp({ sp, key });
const connection: SamlConnectionSettings = {
  idpEntityId: idp.entityId,
  idpCertificates: [idp.certificateBody],
  wantAssertionsSigned: true,
  wantResponseSigned: false,
  attributeMapping: {},
};
/** Signed responses in turn: the NameID alone, or with what Okta or Entra ID typically send beside it. */
async function signResponses(withAttributes: boolean): Promise<string[]> {
  const signed: string[] = [];
  for (let index = 0; index < DISTINCT; index += 1) {
    const email = `person-${index}@corp.example`;
    signed.push(
      await idp.respond({
        nameId: email,
        now,
        ...(withAttributes && { attributes: { email, firstName: 'Ada', lastName: `Person ${index}` } }),
      }),
    );
  }
  return signed;
}

/** Runs `body` back to back for `seconds` (after a one-second warm-up); the rate and each call's time. */
async function timed(body: (index: number) => unknown) {
  const warmUntil = performance.now() + 1000;
  for (let index = 0; performance.now() < warmUntil; index += 1) await body(index);
  const times: number[] = [];
  const cpuBefore = process.cpuUsage();
  const started = performance.now();
  const deadline = started + seconds * 1000;
  for (let index = 0; performance.now() < deadline; index += 1) {
    const begin = performance.now();
    await body(index);
    times.push(performance.now() - begin);
  }
  const elapsed = (performance.now() - started) / 1000;
  const cpu = process.cpuUsage(cpuBefore);
  times.sort((a, b) => a - b);
  const at = (p: number) => times[Math.min(times.length - 1, Math.floor(p * times.length))] ?? NaN;
  return {
    perSecond: times.length / elapsed,
    meanMs: (elapsed * 1000) / times.length,
    p50: at(0.5),
    p99: at(0.99),
    // The core is shared: CPU time per call says what a free core would do, where wall time cannot.
    cpuMs: (cpu.user + cpu.system) / 1000 / times.length,
  };
}

/** validateSamlResponse on each response in turn; every one must pass, or the figure would be a refusal's. */
async function measureValidation(responses: string[]) {
  const validate = async (samlResponse: string) => {
    const result = await validateSamlResponse({ samlResponse, connection, sp, now, inResponseTo: null });
    if (!result.ok) throw new Error(`validation failed: ${result.reason}`);
  };
  for (const response of responses) await validate(response);
  const figure = await timed((index) => validate(responses[index % responses.length] ?? ''));
  const sample = responses[0] ?? '';
  return { ...figure, xmlBytes: Buffer.byteLength(fromBase64(sample), 'utf8'), base64Chars: sample.length };
}

const minimal = await signResponses(false);
const typical = await signResponses(true);
const validations = [
  { name: 'NameID only', ...(await measureValidation(minimal)) },
  { name: 'NameID + email, firstName, lastName attributes', ...(await measureValidation(typical)) },
];

// BENCH_ONLY=validate stops here (for profiling the validation alone with --cpu-prof).
if (process.env.BENCH_ONLY === 'validate') {
  for (const validation of validations)
    console.log(
      `${validation.name}: ${formatRate(validation.perSecond)}/s, mean ${validation.meanMs.toFixed(3)} ms`,
    );
  process.exit(0);
}

// The ceiling: the signature check alone, over the SignedInfo of a real response, with the IdP's key.
const signedInfo = /<ds:SignedInfo[\s\S]*?<\/ds:SignedInfo>|<SignedInfo[\s\S]*?<\/SignedInfo>/.exec(
  fromBase64(minimal[0] ?? ''),
)?.[0];
if (!signedInfo) throw new Error('no SignedInfo in the response');
const data = Buffer.from(signedInfo, 'utf8');
const signature = sign('sha256', data, createPrivateKey(key.privateKey));
const publicKey = createPublicKey(key.certificate);
const raw = await timed(() => {
  if (!verify('sha256', data, publicKey, signature)) throw new Error('verify failed');
});
// What a verifier pays when it starts from the PEM certificate every time (as xml-crypto is handed one).
const fromPem = await timed(() => {
  if (!verify('sha256', data, new X509Certificate(key.certificate).publicKey, signature))
    throw new Error('verify failed');
});

console.log(`## SAML response validation, one core (taskset -c ${core})`);
console.log(
  `${describeMachine()}, ${cpus()[0]?.model ?? 'cpu'}; load average ${loadavg()
    .map((value) => value.toFixed(2))
    .join(' ')}; ${seconds} s per figure after 1 s warm-up; ${DISTINCT} distinct responses in turn`,
);
console.log('| measure | value |');
console.log('|---|---|');
for (const validation of validations)
  console.log(
    `| validateSamlResponse, ${validation.name}: ${validation.xmlBytes.toLocaleString('en-US')} B of XML (${validation.base64Chars.toLocaleString('en-US')} base64) | ${formatRate(validation.perSecond)}/s, mean ${validation.meanMs.toFixed(3)} ms (p50 ${validation.p50.toFixed(3)}, p99 ${validation.p99.toFixed(3)} ms); CPU ${validation.cpuMs.toFixed(3)} ms each = ${formatRate(1000 / validation.cpuMs)}/s on a free core |`,
  );
console.log(
  `| ceiling: node:crypto RSA-SHA256 verify, same key, ${data.length} B SignedInfo | ${formatRate(raw.perSecond)}/s, mean ${raw.meanMs.toFixed(3)} ms; CPU ${raw.cpuMs.toFixed(3)} ms each = ${formatRate(1000 / raw.cpuMs)}/s on a free core |`,
);
console.log(
  `| same verify, public key read from the PEM certificate each time | ${formatRate(fromPem.perSecond)}/s, mean ${fromPem.meanMs.toFixed(3)} ms; CPU ${fromPem.cpuMs.toFixed(3)} ms each |`,
);
console.log(
  `| validations (NameID only) as a share of the ceiling | ${((100 * (validations[0]?.perSecond ?? 0)) / raw.perSecond).toFixed(2)}% (by CPU time ${((100 * raw.cpuMs) / (validations[0]?.cpuMs ?? NaN)).toFixed(2)}%) |`,
);
