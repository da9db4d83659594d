import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { errorBody, errorCatalogue } from '../../errors.js';

const API_PREFIXES = ['/frontegg/', '/dev/api/', '/.well-known/'];

const wantsHtml = (request: FastifyRequest) =>
  (request.method === 'GET' || request.method === 'HEAD') &&
  (request.headers.accept ?? '').includes('text/html') &&
  !API_PREFIXES.some((prefix) => request.url.startsWith(prefix));

/**
 * The built web app (WEB_DIST) with history fallback: any other GET that accepts HTML answers
 * index.html. Without a build, such requests get a 404 text saying how to build it.
 */
const sendShell = (reply: FastifyReply) => reply.header('cache-control', 'no-cache').sendFile('index.html');

export async function registerWebApp(app: FastifyInstance, webDist: string): Promise<void> {
  const isBuilt = fs.existsSync(path.join(webDist, 'index.html'));
  if (isBuilt) {
    await app.register(fastifyStatic, {
      root: webDist,
      index: false,
      wildcard: true,
      // Vite fingerprints everything under assets/, so those never change; other files may.
      cacheControl: false,
      setHeaders: (response, filePath) =>
        response.setHeader(
          'cache-control',
          filePath.includes(`${path.sep}assets${path.sep}`)
            ? 'public, max-age=31536000, immutable'
            : 'public, max-age=3600',
        ),
    });
    // The static plugin answers a directory ('/') with 403 when `index` is off, and the shell must not be
    // cached like the hashed assets beside it: '/' is the app shell, always revalidated.
    app.get('/', { schema: { hide: true } }, (_request, reply) => sendShell(reply));
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
