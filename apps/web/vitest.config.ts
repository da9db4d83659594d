import { defineConfig, mergeConfig } from 'vitest/config';
import viteConfig from './vite.config';

// Built on the app's Vite config so tests see the same plugins and resolution as the build.
export default mergeConfig(
  viteConfig,
  defineConfig({
    test: {
      // Component tests need a DOM; the pure product tests run there too at little cost.
      environment: 'jsdom',
      setupFiles: ['./src/test/setup.ts'],
      include: ['src/**/*.test.{ts,tsx}', 'scripts/**/*.test.mjs'],
    },
  }),
);
