import { readFileSync } from 'node:fs';
import { dirname, resolve as resolvePath } from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { precompress } from './vite-precompress';
import { staticShells } from './vite-static-shells';

// The identity server serves the API, the runtime configuration and the dev mailbox on one
// origin (docs/CONTRACTS.md); in development Vite forwards those paths to it.
const IDENTITY_SERVER = process.env.IDENTITY_URL ?? 'http://localhost:3000';
const proxiedPaths = ['/frontegg', '/app-config.js', '/dev', '/.well-known'];

// The store's preview mode (mock data, SPEC section 1) needs the SDK's mock actions, about 10 KB gzip
// the login page would otherwise carry for nothing: the store's static import of them is pointed at a
// small slot instead, and the app loads the real mock actions into the slot, as a chunk of their own,
// only when previewMode is on (src/sdk/store.ts; docs/decisions/0003).
const MOCKS_SLOT = '\0brizo-sdk-mocks-slot';

function sdkMocksSlot(): Plugin {
  return {
    name: 'brizo:sdk-mocks-slot',
    enforce: 'pre',
    resolveId(source, importer) {
      if (source === 'virtual:brizo-sdk-mocks-slot') return MOCKS_SLOT;
      if (
        source === '../mocks' &&
        importer?.replace(/\\/g, '/').endsWith('@frontegg/redux-store/toolkit/store.js')
      ) {
        return MOCKS_SLOT;
      }
      return null;
    },
    load(id) {
      if (id !== MOCKS_SLOT) return null;
      return `let build;
export function installMockActions(buildMockActions) { build = buildMockActions; }
export default function buildMockActions(...args) {
  if (!build) throw new Error('Preview mode: the mock actions were not loaded before the store was created.');
  return build(...args);
}`;
    },
  };
}

// Zod compiles object schemas with `new Function` when the page allows eval, and finds out by trying:
// under our content security policy (no 'unsafe-eval') that try is a reported violation on every page
// with a form (issue 10). The app's `import ... from 'zod'` goes through a module that switches the
// compilation off first (zod's `jitless` setting, read when a schema is built), inside the zod chunk.
const ZOD_WITHOUT_EVAL = '\0brizo-zod-without-eval';

function zodWithoutEval(): Plugin {
  return {
    name: 'brizo:zod-without-eval',
    enforce: 'pre',
    resolveId(source, importer) {
      if (
        source === 'zod' &&
        importer &&
        importer !== ZOD_WITHOUT_EVAL &&
        !importer.includes('/node_modules/')
      )
        return ZOD_WITHOUT_EVAL;
      return null;
    },
    load(id) {
      if (id !== ZOD_WITHOUT_EVAL) return null;
      return `import { config } from 'zod';
config({ jitless: true });
export * from 'zod';`;
    },
  };
}

// The modules the login page needs (what the app's module, which the entry imports, imports
// statically) are kept in one chunk. Left to itself the bundler cuts every module the login path
// shares with a lazy chunk (a Mantine component, a helper) into a chunk of its own, and many small chunks compress worse: the admin portal's chunks alone cost
// the login page about 4 kB of gzip that way (docs/decisions/0003). Mantine's barrels re-export every
// component, so through them only the names the login path's own files import are followed.
const MANTINE_BARRELS = ['@mantine/core/esm/index.mjs', '@mantine/hooks/esm/index.mjs'];
const loginPath = new Set<string>();
/** The entry's own modules (src/main.tsx and what it imports statically): the small first chunk. */
const entryPath = new Set<string>();

/** `{ name: file }` for each `import { name } from "./file"` of a barrel module. */
function barrelExports(barrelFile: string): Map<string, string> {
  const exports = new Map<string, string>();
  const text = readFileSync(barrelFile, 'utf8');
  for (const match of text.matchAll(/import\s*\{([^}]*)\}\s*from\s*"([^"]+)"/g)) {
    const [, names = '', file = ''] = match;
    for (const name of names.split(',')) {
      const local = name
        .trim()
        .split(/\s+as\s+/)
        .pop()
        ?.trim();
      if (local) exports.set(local, resolvePath(dirname(barrelFile), file));
    }
  }
  return exports;
}

/** Names a source file imports from a Mantine package. */
function mantineImports(sourceFile: string): string[] {
  const text = readFileSync(sourceFile, 'utf8');
  return [...text.matchAll(/import\s*\{([^}]*)\}\s*from\s*'@mantine\/(?:core|hooks)'/g)].flatMap(
    ([, names = '']) =>
      names
        .split(',')
        .map((name) => name.replace(/^\s*type\s+/, '').trim())
        .filter(Boolean),
  );
}

function loginPathInOneChunk(): Plugin {
  return {
    name: 'brizo:login-path-in-one-chunk',
    apply: 'build',
    buildEnd() {
      loginPath.clear();
      const barrels = new Map<string, Map<string, string>>();
      const wanted = new Set<string>();
      // The entry (src/main.tsx) imports the app dynamically once the first frame is painted: the login
      // path is what the app's module imports statically, less what the small entry chunk holds itself.
      const entries = [...this.getModuleIds()].filter((id) => this.getModuleInfo(id)?.isEntry);
      entryPath.clear();
      for (const pendingEntry = [...entries]; pendingEntry.length > 0;) {
        const id = pendingEntry.pop();
        if (!id || entryPath.has(id)) continue;
        entryPath.add(id);
        const info = this.getModuleInfo(id);
        const lazy = new Set(info?.dynamicallyImportedIds ?? []);
        pendingEntry.push(...(info?.importedIds ?? []).filter((imported) => !lazy.has(imported)));
      }
      const pending = [...entryPath].flatMap((id) => this.getModuleInfo(id)?.dynamicallyImportedIds ?? []);
      while (pending.length > 0) {
        const id = pending.pop();
        if (!id || loginPath.has(id) || entryPath.has(id)) continue;
        if (MANTINE_BARRELS.some((barrel) => id.endsWith(barrel))) {
          barrels.set(id, barrelExports(id));
          continue;
        }
        loginPath.add(id);
        if (id.includes('/apps/web/src/')) mantineImports(id).forEach((name) => wanted.add(name));
        const info = this.getModuleInfo(id);
        // importedIds lists the dynamic imports too: those are the lazy chunks, not the login path.
        const lazy = new Set(info?.dynamicallyImportedIds ?? []);
        pending.push(...(info?.importedIds ?? []).filter((imported) => !lazy.has(imported)));
        if (pending.length === 0) {
          // The Mantine exports the login path's files use, and what they import in turn.
          for (const exports of barrels.values()) {
            for (const name of wanted) {
              const file = exports.get(name);
              if (file && !loginPath.has(file)) pending.push(file);
            }
          }
        }
      }
    },
  };
}

// The app imports Mantine's stylesheets per component (src/app/mantine-styles.ts). A component whose
// stylesheet is missing would render unstyled without any error, so the build checks that every
// Mantine class name (m_ and eight hex digits) in the emitted scripts has a rule in the emitted CSS.
function mantineStylesComplete(): Plugin {
  return {
    name: 'brizo:mantine-styles-complete',
    apply: 'build',
    // After Vite's CSS plugin, which writes the one stylesheet (cssCodeSplit off) in this hook too.
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        const classesIn = (text: string) => new Set(text.match(/\bm_[0-9a-f]{8}\b/g) ?? []);
        const styled = new Set<string>();
        const used = new Set<string>();
        for (const file of Object.values(bundle)) {
          if (file.type === 'chunk') classesIn(file.code).forEach((name) => used.add(name));
          else if (file.fileName.endsWith('.css'))
            classesIn(String(file.source)).forEach((name) => styled.add(name));
        }
        const missing = [...used].filter((name) => !styled.has(name));
        if (missing.length > 0)
          this.error(
            `Mantine classes without styles: ${missing.join(', ')}. Import the component's stylesheet in src/app/mantine-styles.ts.`,
          );
      },
    },
  };
}

// react-router's package exports only its development build (its dev warnings switched on);
// production bundles use the identical build with them off.
function reactRouterProductionBuild(): Plugin {
  return {
    name: 'brizo:react-router-production',
    apply: 'build',
    config: () => ({
      resolve: {
        alias: [
          {
            find: /^react-router$/,
            replacement: fileURLToPath(
              import.meta.resolve('react-router').replace('/development/', '/production/'),
            ),
          },
        ],
      },
    }),
  };
}

// react-router's build creates its contexts and its Link, NavLink and Form components at the top of its
// module without marking the calls as free of side effects, and names each (`displayName`, read by the
// React developer tools only): the bundler keeps all of them, and what they use, in every page that
// imports anything from it. The calls are marked pure and the names dropped, so what the app does not
// use is left out (1.4 kB of gzip on the login page, issue 17).
const REACT_ROUTER_CHUNK = /\/react-router\/dist\/production\/chunk-[\w]+\.mjs$/;

function reactRouterTreeShaking(): Plugin {
  return {
    name: 'brizo:react-router-tree-shaking',
    apply: 'build',
    transform(code, id) {
      if (!REACT_ROUTER_CHUNK.test(id)) return null;
      return code
        .replace(/= (React\d*\.(?:forwardRef|createContext|memo)\()/g, '= /* @__PURE__ */ $1')
        .replace(/^[\w$]+\.displayName = "[^"]*";$/gm, '');
    },
  };
}

export default defineConfig({
  plugins: [
    react(),
    reactRouterProductionBuild(),
    reactRouterTreeShaking(),
    sdkMocksSlot(),
    zodWithoutEval(),
    loginPathInOneChunk(),
    mantineStylesComplete(),
    staticShells(),
    precompress(),
  ],
  server: {
    proxy: Object.fromEntries(
      proxiedPaths.map((path) => [path, { target: IDENTITY_SERVER, changeOrigin: false }]),
    ),
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // No source maps in the production build: served, they hand out the app's source (issue 10).
    sourcemap: false,
    // No polyfill for <link rel="modulepreload">: browsers without it (Safari before 17, Firefox before
    // 115) still load every chunk through the imports themselves, only without the early start, and
    // the polyfill was 0.2 kB of gzip in every page's entry (issue 10, the login bundle's budget).
    modulePreload: { polyfill: false },
    // One stylesheet, linked from the HTML: the app's own CSS modules come with its chunk, which the
    // entry imports dynamically, and would otherwise be a second stylesheet the app inserts when it
    // loads (a restyle after the first paint). The product shell's few rules (0.6 kB), which its lazy
    // chunk loaded as a stylesheet of its own, are in it too.
    cssCodeSplit: false,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            { name: 'login', test: (id: string) => loginPath.has(id) },
            // The entry's modules, Vite's preload function included, which the entry and the app both
            // call: captured as one of the login path's dependencies, it went into the app's chunk, and
            // the entry's static import of it ran the whole app before the first frame.
            { name: 'entry', test: (id: string) => entryPath.has(id), priority: 1 },
            // The contract's entity schemas, which several admin sections parse answers with, in one
            // chunk with zod, which they need (rather than a chunk per entity module, each of which the
            // login page's list of lazy chunks would name: the login chunk grew with them).
            { name: 'schemas', test: (id: string) => id.includes('/packages/contract/src/entities/') },
            // The contract's vocabularies, which the entity schemas import too: the group above took them
            // in as one of its dependencies, and the sign-up and step-up pages, which read a list or two
            // from them, loaded zod and every entity schema with them (33 kB of gzip). A chunk of their own.
            {
              name: 'enums',
              test: (id: string) => id.endsWith('/packages/contract/src/enums.ts'),
              priority: 2,
            },
          ],
        },
      },
    },
  },
});
