// @vitest-environment node
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loginBundle, pageBundle } from './check-login-bundle.mjs';

let dist = '';
afterEach(() => rmSync(dist, { recursive: true, force: true }));

/** A build directory with `index.html` and the given `assets/` files. */
function build(html, assets) {
  dist = mkdtempSync(join(tmpdir(), 'login-bundle-'));
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'index.html'), html);
  for (const [name, code] of Object.entries(assets)) writeFileSync(join(dist, 'assets', name), code);
  return dist;
}

describe('loginBundle', () => {
  it("counts the entry, the app it imports after the first frame and the app's static imports, not the lazy chunks", () => {
    build('<script type="module" crossorigin src="/assets/index.js"></script>', {
      'index.js':
        'import{t as e}from"./preload.js";n&&t().then(()=>e(()=>import(`./login.js`).then(e=>e.t)));',
      'preload.js': 'export const t=1;',
      'login.js': 'import"./runtime.js";const r=()=>import("./sign-up.js");export{r as t};',
      'runtime.js': 'export const x=2;',
      'sign-up.js': 'import"./zod.js";export default 3;',
      'zod.js': 'export const z=4;',
    });

    expect([...loginBundle(dist).keys()].sort()).toEqual([
      '/assets/index.js',
      '/assets/login.js',
      '/assets/preload.js',
      '/assets/runtime.js',
    ]);
  });

  it('counts the chunks the HTML preloads and what they import', () => {
    build(
      [
        '<script type="module" crossorigin src="/assets/index.js"></script>',
        '<link rel="modulepreload" crossorigin href="/assets/app.js">',
      ].join('\n'),
      {
        'index.js': 'export const a=1;',
        'app.js': 'import{b}from"./shared.js";export const c=b;',
        'shared.js': 'export const b=2;',
      },
    );

    const bundle = loginBundle(dist);

    expect([...bundle.keys()].sort()).toEqual(['/assets/app.js', '/assets/index.js', '/assets/shared.js']);
    expect(Math.min(...bundle.values())).toBeGreaterThan(0);
  });
});

describe('pageBundle', () => {
  it("counts the login page's scripts, the route table's chunk and the route's chunk with their static imports; its dynamic imports apart", () => {
    build('<script type="module" crossorigin src="/assets/index.js"></script>', {
      'index.js': 'import("./login-AAAAAAAA.js");',
      'login-AAAAAAAA.js': 'const t=()=>import("./routes-GGGGGGGG.js");',
      'routes-GGGGGGGG.js':
        'import"./lazy-HHHHHHHH.js";const r=()=>import("./forgot-password-BBBBBBBB.js"),s=()=>import("./sign-up-CCCCCCCC.js");',
      'lazy-HHHHHHHH.js': 'export const l=5;',
      'forgot-password-BBBBBBBB.js':
        'import{f}from"./form-DDDDDDDD.js";const v=()=>import("./zod-EEEEEEEE.js");',
      'form-DDDDDDDD.js': 'export const f=1;',
      'zod-EEEEEEEE.js': 'import"./zod-core-FFFFFFFF.js";export const z=2;',
      'zod-core-FFFFFFFF.js': 'export const c=3;',
      'sign-up-CCCCCCCC.js': 'export default 4;',
    });

    const { loads, onUse } = pageBundle(dist, 'forgot-password');

    expect([...loads.keys()].sort()).toEqual([
      '/assets/forgot-password-BBBBBBBB.js',
      '/assets/form-DDDDDDDD.js',
      '/assets/index.js',
      '/assets/lazy-HHHHHHHH.js',
      '/assets/login-AAAAAAAA.js',
      '/assets/routes-GGGGGGGG.js',
    ]);
    expect([...onUse.keys()].sort()).toEqual(['/assets/zod-EEEEEEEE.js', '/assets/zod-core-FFFFFFFF.js']);
  });

  it('counts a further table the route table hands the route to, with its static imports, and not the tables beside it', () => {
    build('<script type="module" crossorigin src="/assets/index.js"></script>', {
      'index.js': 'import("./login-AAAAAAAA.js");',
      'login-AAAAAAAA.js': 'const t=()=>import("./routes-GGGGGGGG.js");',
      'routes-GGGGGGGG.js':
        'const r=()=>import("./logout-BBBBBBBB.js"),p=()=>import("./product-routes-CCCCCCCC.js"),a=()=>import("./admin-routes-DDDDDDDD.js");',
      'logout-BBBBBBBB.js': 'export default 1;',
      'product-routes-CCCCCCCC.js':
        'import"./router-EEEEEEEE.js";const s=()=>import("./mfa-FFFFFFFF.js"),l=()=>import("./logout-BBBBBBBB.js");',
      'router-EEEEEEEE.js': 'export const r=2;',
      'admin-routes-DDDDDDDD.js': 'const s=()=>import("./mfa-FFFFFFFF.js");',
      'mfa-FFFFFFFF.js': 'export default 3;',
    });

    expect([...pageBundle(dist, 'mfa').loads.keys()].sort()).toEqual([
      '/assets/index.js',
      '/assets/login-AAAAAAAA.js',
      '/assets/mfa-FFFFFFFF.js',
      '/assets/product-routes-CCCCCCCC.js',
      '/assets/router-EEEEEEEE.js',
      '/assets/routes-GGGGGGGG.js',
    ]);
    // Reached from the route table itself: the further table is not loaded for it.
    expect([...pageBundle(dist, 'logout').loads.keys()].sort()).toEqual([
      '/assets/index.js',
      '/assets/login-AAAAAAAA.js',
      '/assets/logout-BBBBBBBB.js',
      '/assets/routes-GGGGGGGG.js',
    ]);
  });

  it("fails when the route's chunk is not in the build", () => {
    build('<script type="module" crossorigin src="/assets/index.js"></script>', {
      'index.js': '',
      'routes-GGGGGGGG.js': '',
    });

    expect(() => pageBundle(dist, 'reset-password')).toThrow('expected one chunk named reset-password');
  });
});
