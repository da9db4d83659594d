import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorBody, errorCatalogue } from '../../errors.js';
import { areaRoutes, type AccessServices } from '../route.js';

const API_PREFIXES = ['/frontegg/', '/dev/api/', '/.well-known/'];

const wantsHtml = (request: FastifyRequest) =>
  (request.method === 'GET' || request.method === 'HEAD') &&
  (request.headers.accept ?? '').includes('text/html') &&
  !API_PREFIXES.some((prefix) => request.url.startsWith(prefix));

/** Vite's fingerprinted output, `assets/<name>-<hash>.<ext>`: a changed file gets a new name. */
const FINGERPRINTED = /[\\/]assets[\\/][^\\/]+-[\w-]{8,}\.\w+$/;

/**
 * Pages served with their first card already in the HTML (the web build's `pages/shells.json`, written
 * by apps/web/vite-static-shells.ts): `path` answers `file` unless the query carries one of
 * `unlessQuery`, which change the card (those requests get the plain shell, index.html).
 */
interface ShellPage {
  path: string;
  unlessQuery: string[];
  file: string;
}

const SHELL_PAGES_LIST = path.join('pages', 'shells.json');
const isShellPage = (file: string) => file.includes(`${path.sep}pages${path.sep}`) && file.endsWith('.html');

function readShellPages(webDist: string): ShellPage[] {
  const list = path.join(webDist, SHELL_PAGES_LIST);
  if (!fs.existsSync(list)) return [];
  const pages = JSON.parse(fs.readFileSync(list, 'utf8')) as ShellPage[];
  return pages.filter((page) => fs.existsSync(path.join(webDist, page.file)));
}

/**
 * How long a browser may keep a file of the build. The precompressed variants (`.br`, `.gz`) are cached
 * like the file they encode. The shell (index.html) is revalidated on every visit, so a new deployment
 * is seen at once; fingerprinted files never change, so they are kept a year without asking again.
 */
export function webCacheControl(filePath: string): string {
  const file = filePath.replace(/\.(?:br|gz)$/, '');
  if (file.endsWith(`${path.sep}index.html`) || isShellPage(file)) return 'no-cache';
  return FINGERPRINTED.test(file) ? 'public, max-age=31536000, immutable' : 'public, max-age=3600';
}

/**
 * The built web app (WEB_DIST) with history fallback: any other GET that accepts HTML answers
 * index.html. Without a build, such requests get a 404 text saying how to build it.
 * The build carries each text file precompressed (apps/web/vite-precompress.ts): the static plugin sends
 * `<file>.br` or `<file>.gz` by Accept-Encoding (brotli first) with the original's Content-Type.
 */
const sendShell = (reply: FastifyReply) => reply.sendFile('index.html');

export async function registerWebApp(
  app: FastifyInstance,
  services: AccessServices,
  webDist: string,
): Promise<void> {
  const isBuilt = fs.existsSync(path.join(webDist, 'index.html'));
  if (isBuilt) {
    await app.register(fastifyStatic, {
      root: webDist,
      index: false,
      wildcard: true,
      preCompressed: true,
      // Source maps hand out the app's source: the build makes none, and a stray one is never served.
      allowedPath: (pathname) => !pathname.endsWith('.map'),
      cacheControl: false,
      setHeaders: (response, filePath) => {
        response.setHeader('cache-control', webCacheControl(filePath));
        // Caches must keep the encodings apart: the same URL answers brotli, gzip or plain bytes.
        response.setHeader('vary', 'Accept-Encoding');
      },
    });
    // The static plugin answers a directory ('/') with 403 when `index` is off: '/' is the app shell.
    const route = areaRoutes(app.withTypeProvider<ZodTypeProvider>(), services, 'web');
    const page = { method: 'GET', access: 'public', produces: 'other', hidden: true } as const;
    route({
      ...page,
      name: 'shell',
      url: '/',
      summary: 'The app shell',
      handler: ({ reply }) => sendShell(reply),
    });
    for (const shell of readShellPages(webDist)) {
      route({
        ...page,
        name: `shell ${shell.path}`,
        url: shell.path,
        summary: 'A page with its first card in the HTML',
        handler: ({ request, reply }) => {
          const query = new URLSearchParams(request.url.split('?')[1] ?? '');
          if (shell.unlessQuery.some((name) => query.has(name))) return sendShell(reply);
          return reply.sendFile(shell.file);
        },
      });
    }
  }

  const notFound = (request: FastifyRequest, reply: FastifyReply) => {
    if (wantsHtml(request)) {
      if (isBuilt) return sendShell(reply);
      return reply
        .code(404)
        .type('text/plain; charset=utf-8')
        .send(
          `Not Found: the web app is not built (no index.html in ${webDist}).\nRun \`npm run build\` at the repository root, or set WEB_DIST.\n`,
        );
    }
    return reply
      .code(404)
      .send(
        errorBody(
          errorCatalogue.request.notFound,
          `Route ${request.method}:${request.url.split('?')[0]} not found`,
        ),
      );
  };
  app.setNotFoundHandler(notFound);
}
