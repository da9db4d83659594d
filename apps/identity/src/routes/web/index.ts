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
export async function registerWebApp(app: FastifyInstance, webDist: string): Promise<void> {
  const isBuilt = fs.existsSync(path.join(webDist, 'index.html'));
  if (isBuilt) {
    await app.register(fastifyStatic, {
      root: webDist,
      index: false,
      wildcard: true,
      cacheControl: true,
      maxAge: '1h',
    });
  }

  const notFound = (request: FastifyRequest, reply: FastifyReply) => {
    if (wantsHtml(request)) {
      if (isBuilt) return reply.header('cache-control', 'no-cache').sendFile('index.html');
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
