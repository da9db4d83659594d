// @vitest-environment node
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { mantineThemeCss } from './theme-css';

describe('theme.css', () => {
  it("holds what Mantine's provider would write at run time for the current theme (regenerate with scripts/write-theme-css.ts)", () => {
    const file = readFileSync(new URL('./theme.css', import.meta.url), 'utf8');
    expect(file).toBe(mantineThemeCss());
    expect(file).toContain('--mantine-color-brand-7: #1f7a4d;');
    expect(file).toContain('.mantine-hidden-from-sm');
  });
});
