// Builds the server for `npm start` and production: one ES module, dist/server.mjs, from src/server.ts.
// Our own code (the server and the contract package) is bundled and already JavaScript, so the server
// starts without compiling TypeScript; every installed package stays an import resolved from
// node_modules at run time (native addons, PGlite's data files and the OpenTelemetry hooks need that).
import { build } from 'esbuild';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const packageDir = join(dirname(fileURLToPath(import.meta.url)), '..');
const { dependencies } = JSON.parse(readFileSync(join(packageDir, 'package.json'), 'utf8'));
const contract = JSON.parse(readFileSync(join(packageDir, '../../packages/contract/package.json'), 'utf8'));

const bundled = new Set(['@brizo/contract']);
const external = [...Object.keys(dependencies), ...Object.keys(contract.dependencies)]
  .filter((name) => !bundled.has(name))
  .flatMap((name) => [name, `${name}/*`]);

const result = await build({
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
  write: false,
});

// esbuild escapes every non-ASCII character of the code (its default charset) but keeps the comments
// it carries over as written. One "→" in a comment makes V8 hold the whole 1.5 MB module source as a
// two-byte string, 3 MiB of the server's heap for as long as it runs (issue 17). Only comments can still
// hold such characters here (or control characters, which esbuild also escapes in code), so every
// character outside printable ASCII, tab and line ends is written as an escape: no behaviour changes.
const asAscii = (text) =>
  text.replace(/[^ -~\t\n\r]/gu, (char) => `\\u{${char.codePointAt(0).toString(16)}}`);
mkdirSync(join(packageDir, 'dist'), { recursive: true });
for (const file of result.outputFiles) {
  writeFileSync(file.path, file.path.endsWith('.mjs') ? asAscii(file.text) : file.contents);
}
