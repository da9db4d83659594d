import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import react from '@vitejs/plugin-react';
import { build, type Plugin } from 'vite';
import type { StaticShell } from './src/app/static-shells';

/** Where the served pages and their list go inside the build (read by the identity server's routes/web). */
export const SHELL_PAGES_DIR = 'pages';
export const SHELL_PAGES_LIST = 'shells.json';

// Hides the app's #root while the shell is on the page (src/components/static-shell.tsx).
const SHELL_STYLE = '<style>#static-shell + #root { display: none; }</style>';

/** Class names the shell's markup relies on: Mantine's (m_ + 8 hex digits) and our CSS modules'. */
const CLASS_NAMES = /\b(?:m_[0-9a-f]{8}|_[a-z][\w-]*_[0-9a-z]{5}_\d+)\b/g;

/** The built index.html with `shell` before #root: the page one address is served with. */
export function pageWithShell(indexHtml: string, shell: string): string {
  // Mantine's colour-scheme rules need the attribute index.html sets (the login box has no provider).
  const page = indexHtml
    .replace('</head>', `  ${SHELL_STYLE}\n  </head>`)
    .replace('<div id="root"></div>', `${shell}<div id="root"></div>`);
  if (!page.includes(shell) || !page.includes(SHELL_STYLE) || !page.includes('data-mantine-color-scheme'))
    throw new Error('index.html no longer has the places the static shells go into');
  return page;
}

/**
 * Renders the login and sign-up pages' first card at build time (src/app/static-shells.tsx, built for
 * Node beside the app) and writes each page's HTML: the app's index.html with the card before #root.
 * The build fails when the card uses a class the emitted stylesheet does not style.
 */
export function staticShells(): Plugin {
  let root = '';
  return {
    name: 'brizo:static-shells',
    apply: 'build',
    configResolved(config) {
      root = config.root;
    },
    async writeBundle(options, bundle) {
      const outDir = options.dir ?? resolve(root, 'dist');
      const index = bundle['index.html'];
      if (!index || index.type !== 'asset') return this.error('the build wrote no index.html');
      const css = Object.values(bundle)
        .filter((file) => file.type === 'asset' && file.fileName.endsWith('.css'))
        .map((file) => (file.type === 'asset' ? String(file.source) : ''))
        .join('\n');

      const serverDir = resolve(root, 'node_modules/.cache/brizo-static-shells');
      await build({
        configFile: false,
        root,
        logLevel: 'warn',
        plugins: [react()],
        build: {
          ssr: resolve(root, 'src/app/static-shells.tsx'),
          outDir: serverDir,
          emptyOutDir: true,
          copyPublicDir: false,
          minify: false,
          rolldownOptions: { output: { entryFileNames: 'static-shells.mjs' } },
        },
      });
      const entry = pathToFileURL(join(serverDir, 'static-shells.mjs')).href;
      const { renderStaticShells } = (await import(`${entry}?${Date.now()}`)) as {
        renderStaticShells: () => StaticShell[];
      };

      const list: Array<Omit<StaticShell, 'html'> & { file: string }> = [];
      for (const { path, unlessQuery, html } of renderStaticShells()) {
        const unstyled = [...new Set(html.match(CLASS_NAMES) ?? [])].filter(
          (name) => !css.includes(`.${name}`),
        );
        if (unstyled.length > 0)
          return this.error(
            `The static shell of ${path} uses classes without styles: ${unstyled.join(', ')}`,
          );
        const file = `${SHELL_PAGES_DIR}${path}.html`;
        await mkdir(dirname(join(outDir, file)), { recursive: true });
        await writeFile(join(outDir, file), pageWithShell(String(index.source), html));
        list.push({ path, unlessQuery, file });
      }
      await writeFile(join(outDir, SHELL_PAGES_DIR, SHELL_PAGES_LIST), `${JSON.stringify(list, null, 2)}\n`);
    },
  };
}
