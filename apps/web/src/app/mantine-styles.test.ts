// @vitest-environment node
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';

const require = createRequire(import.meta.url);
const stylesheet = (path: string) => readFileSync(require.resolve(path), 'utf8');

describe('Mantine stylesheets per component (issue 10)', () => {
  it('issue 10: imports each stylesheet once, in the order of Mantine’s full styles.css, so ties resolve as before', () => {
    const imports = [
      ...readFileSync(new URL('./mantine-styles.ts', import.meta.url), 'utf8').matchAll(
        /^import '(@mantine\/core\/styles\/[^']+)';$/gm,
      ),
    ].map(([, path = '']) => path);
    expect(new Set(imports).size).toBe(imports.length);
    expect(imports.slice(0, 3)).toEqual([
      '@mantine/core/styles/baseline.css',
      '@mantine/core/styles/default-css-variables.css',
      '@mantine/core/styles/global.css',
    ]);
    const full = stylesheet('@mantine/core/styles.css');
    const positions = imports.map((path) => full.indexOf(stylesheet(path).trim().slice(0, 200)));
    expect(positions.every((position) => position >= 0)).toBe(true);
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
  });
});
