// Writes src/app/theme.css, the theme's CSS variables and responsive classes, from src/app/theme.ts.
// Run after changing the theme: `npx tsx apps/web/scripts/write-theme-css.ts` (a unit test fails
// while the file is out of date).
import { writeFileSync } from 'node:fs';
import { mantineThemeCss } from '../src/app/theme-css';

const file = new URL('../src/app/theme.css', import.meta.url);
writeFileSync(file, mantineThemeCss());
console.log(`wrote ${file.pathname}`);
