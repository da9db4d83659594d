import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Text files worth compressing; images and fonts are compressed already. */
const COMPRESSIBLE = /\.(?:html|js|mjs|css|svg|json|txt|xml|webmanifest)$/;
/** Below about one packet compression saves nothing a round trip would notice. */
const MIN_BYTES = 1024;

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(
    entries.map((entry) =>
      entry.isDirectory() ? filesUnder(join(dir, entry.name)) : [join(dir, entry.name)],
    ),
  );
  return nested.flat();
}

/**
 * Writes `<file>.br` and `<file>.gz` beside every compressible file of `outDir`, each kept only when
 * smaller than the original. The identity server picks one by Accept-Encoding (routes/web), so no
 * request pays for compression and brotli can run at its slowest, densest level.
 */
export async function precompressDirectory(outDir: string): Promise<void> {
  const files = (await filesUnder(outDir)).filter((file) => COMPRESSIBLE.test(file));
  await Promise.all(
    files.map(async (file) => {
      const original = await readFile(file);
      if (original.length < MIN_BYTES) return;
      const [br, gz] = await Promise.all([
        brotli(original, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
            [constants.BROTLI_PARAM_SIZE_HINT]: original.length,
          },
        }),
        gzipAsync(original, { level: constants.Z_BEST_COMPRESSION }),
      ]);
      if (br.length < original.length) await writeFile(`${file}.br`, br);
      if (gz.length < original.length) await writeFile(`${file}.gz`, gz);
    }),
  );
}

/** Precompresses the production build once Vite has written it (docs/decisions/0011-web-delivery.md). */
export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'brizo:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      await precompressDirectory(outDir);
    },
  };
}
