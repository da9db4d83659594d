import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

// The identity server serves the API, the runtime configuration and the dev mailbox on one
// origin (docs/CONTRACTS.md); in development Vite forwards those paths to it.
const IDENTITY_SERVER = process.env.IDENTITY_URL ?? 'http://localhost:3000';
const proxiedPaths = ['/frontegg', '/app-config.js', '/dev', '/.well-known'];

// The store's preview mode (mock data, SPEC section 1) needs the SDK's mock actions, about
// 10 KB gzip that the login page would otherwise carry for nothing. They are built in only
// when BRIZO_PREVIEW_BUILD=1 (build or dev server); docs/decisions records the trade-off.
const PREVIEW_BUILD = process.env.BRIZO_PREVIEW_BUILD === '1';
const MOCKS_STUB = '\0brizo-frontegg-mocks-stub';

function withoutSdkMocks(): Plugin {
  return {
    name: 'brizo:without-sdk-mocks',
    apply: 'build',
    enforce: 'pre',
    resolveId(source, importer) {
      if (
        source === '../mocks' &&
        importer?.replace(/\\/g, '/').endsWith('@frontegg/redux-store/toolkit/store.js')
      ) {
        return MOCKS_STUB;
      }
      return null;
    },
    load(id) {
      if (id !== MOCKS_STUB) return null;
      return `export default function buildMockActions() {
  throw new Error('Preview mode is not part of this build: rebuild with BRIZO_PREVIEW_BUILD=1.');
}`;
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

export default defineConfig({
  plugins: [react(), reactRouterProductionBuild(), ...(PREVIEW_BUILD ? [] : [withoutSdkMocks()])],
  define: {
    // Whether the store's preview mode can run in this bundle.
    __BRIZO_PREVIEW_AVAILABLE__: JSON.stringify(PREVIEW_BUILD),
  },
  server: {
    proxy: Object.fromEntries(
      proxiedPaths.map((path) => [path, { target: IDENTITY_SERVER, changeOrigin: false }]),
    ),
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
  },
});
