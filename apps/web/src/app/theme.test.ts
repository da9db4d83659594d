import { DEFAULT_THEME, mergeMantineTheme } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { cssVariablesResolver, theme } from './theme';

/** WCAG 2 contrast ratio of two #rrggbb colours. */
function contrast(a: string, b: string): number {
  const luminance = (hex: string) => {
    const [r, g, b] = [1, 3, 5].map((at) => {
      const channel = parseInt(hex.slice(at, at + 2), 16) / 255;
      return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
    }) as [number, number, number];
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const [high, low] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (high + 0.05) / (low + 0.05);
}

const resolved = mergeMantineTheme(DEFAULT_THEME, theme);
const light = cssVariablesResolver(resolved).light;

describe('theme colours (walk-through: error text and portal badges under 4.5:1)', () => {
  it('error text reads at 4.5:1 or more on white', () => {
    expect(contrast(light['--mantine-color-error'] ?? '', '#ffffff')).toBeGreaterThanOrEqual(4.5);
  });

  it('every colour written as text reads at 4.5:1 on white and on its own light background', () => {
    const colours = Object.keys(resolved.colors);
    expect(colours).toEqual(expect.arrayContaining(['red', 'green', 'orange', 'yellow', 'gray', 'brand']));
    for (const colour of colours) {
      const lightBackground = resolved.colors[colour]?.[1] ?? '';
      for (const use of ['text', 'light-color', 'outline']) {
        const shade = light[`--mantine-color-${colour}-${use}`];
        expect(shade, `${colour}-${use}`).toMatch(/^#[0-9a-f]{6}$/);
        expect(contrast(shade ?? '', '#ffffff'), `${colour}-${use} on white`).toBeGreaterThanOrEqual(4.5);
        expect(
          contrast(shade ?? '', lightBackground),
          `${colour}-${use} on ${colour} 1`,
        ).toBeGreaterThanOrEqual(4.5);
      }
    }
  });
});
