// Builds the server for `npm start` and production: one ES module, dist/server.mjs, from src/server.ts.
// Our own code (the server and the contract package) is bundled and already JavaScript, so the server
// starts without compiling TypeScript; every installed package stays an import resolved from
// node_modules at run time (native addons, PGlite's data files and the OpenTelemetry hooks need that).
import { build } from 'esbuild';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const packageDir = join(dirname(fileURLToPath(import.meta.url)), '..');
const { dependencies } = JSON.parse(readFileSync(join(packageDir, 'package.json'), 'utf8'));
const contract = JSON.parse(readFileSync(join(packageDir, '../../packages/contract/package.json'), 'utf8'));

const bundled = new Set(['@brizo/contract']);
const external = [...Object.keys(dependencies), ...Object.keys(contract.dependencies)]
  .filter((name) => !bundled.has(name))
  .flatMap((name) => [name, `${name}/*`]);

await build({
  entryPoints: { server: join(packageDir, 'src/server.ts') },
  outdir: join(packageDir, 'dist'),
  outExtension: { '.js': '.mjs' },
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  external,
  sourcemap: true,
  logLevel: 'warning',
});
