import { describe, expect, it } from 'vitest';
import { useTestServer } from '../harness.js';

// Issue 12: every endpoint is declared one way (src/routes/route.ts), which names each operation; generated
// clients and the fuzz of every operation tell operations apart by these ids.

const server = useTestServer();

interface Document {
  paths: Record<string, Record<string, { operationId?: string }>>;
}

async function operations() {
  const document = (await server().app.inject({ method: 'GET', url: '/openapi.json' })).json<Document>();
  return Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({ method, path, id: operation.operationId })),
  );
}

describe('/openapi.json', () => {
  it('names operations with ids no two operations share', async () => {
    const ids = (await operations()).flatMap(({ id }) => (id ? [id] : []));
    expect(ids.length).toBeGreaterThan(0);
    expect(ids.filter((id, index) => ids.indexOf(id) !== index)).toEqual([]);
  });

  it('gives every operation an id', async () => {
    const unnamed = (await operations())
      .filter(({ id }) => !id)
      .map(({ method, path }) => `${method} ${path}`);
    expect(unnamed).toEqual([]);
  });
});
