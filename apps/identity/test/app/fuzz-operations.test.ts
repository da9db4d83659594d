import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTenantAdmins } from '../admin-support.js';
import { useTestServer } from '../harness.js';
import { accessTokenOf } from '../lifecycle-helpers.js';

// Issue 10: a fuzz of every operation of /openapi.json. Testers found 500s with NUL bytes, lone
// surrogates, deep nesting and framework-level refusals outside the error shape; this sends each
// operation a bounded, seeded set of malformed requests, signed in and not, and wants no 5xx and every
// 4xx in the shape `{ errors: [message], errorCode }`.

const server = useTestServer();

interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  format?: string;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  minLength?: number;
  minimum?: number;
}

interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  schema?: JsonSchema;
}

interface Operation {
  method: string;
  path: string;
  parameters: Parameter[];
  body: JsonSchema | undefined;
}

/** mulberry32: a small seeded generator, so every run sends the same requests. */
function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const random = seededRandom(10);
const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;

const NUL = 'a\u0000b';
const LONE_SURROGATE = 'a\ud800b';
const HUGE = 'x'.repeat(100_000);
/** JSON text inside a string field (metadata): parsed again by the server, it must not smuggle a NUL in. */
const NESTED_JSON = JSON.stringify({ a: '\u0000', b: '\ud800', c: { '\u0000': 1 } });
const DEEP = `${'['.repeat(10_000)}${']'.repeat(10_000)}`;
const DEEP_OBJECT = `${'{"a":'.repeat(10_000)}1${'}'.repeat(10_000)}`;
const SAMPLE_UUID = '0b5f3c2e-4d1a-4c8e-9f6b-2a7d9e1c3b40';

const typeOf = (schema: JsonSchema): string | undefined => {
  const variant = schema.anyOf?.[0] ?? schema.oneOf?.[0] ?? schema.allOf?.[0];
  if (variant) return typeOf(variant);
  return Array.isArray(schema.type) ? schema.type.find((type) => type !== 'null') : schema.type;
};

/** A plausible value of the schema: the base that the variants below spoil one way each. */
function sample(schema: JsonSchema, depth = 0): unknown {
  if (schema.const !== undefined) return schema.const;
  if (schema.enum?.length) return schema.enum[0];
  const variant = schema.anyOf?.[0] ?? schema.oneOf?.[0];
  if (variant) return sample(variant, depth);
  if (schema.allOf?.length) return Object.assign({}, ...schema.allOf.map((part) => sample(part, depth)));
  switch (typeOf(schema)) {
    case 'string':
      if (schema.format === 'email') return 'fuzz@acme-foods.test';
      if (schema.format === 'uuid') return SAMPLE_UUID;
      if (schema.format === 'date-time') return '2026-01-01T00:00:00.000Z';
      return 'x'.repeat(Math.max(1, schema.minLength ?? 1));
    case 'number':
    case 'integer':
      return Math.max(1, schema.minimum ?? 1);
    case 'boolean':
      return true;
    case 'array':
      return depth > 4 || !schema.items ? [] : [sample(schema.items, depth + 1)];
    case 'object':
    default: {
      if (depth > 4) return {};
      const object: Record<string, unknown> = {};
      for (const [key, property] of Object.entries(schema.properties ?? {})) {
        object[key] = sample(property, depth + 1);
      }
      return object;
    }
  }
}

/** Every string of `value` replaced by `text`. */
function withStrings(value: unknown, text: string): unknown {
  if (typeof value === 'string') return text;
  if (Array.isArray(value)) return value.map((item) => withStrings(item, text));
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, withStrings(item, text)]));
  }
  return value;
}

/** The paths of the string leaves of `value` (at most `limit`). */
function stringPaths(value: unknown, limit: number, at: string[] = []): string[][] {
  if (typeof value === 'string') return [at];
  const entries = Array.isArray(value)
    ? value.map((item, index) => [String(index), item] as const)
    : value && typeof value === 'object'
      ? Object.entries(value)
      : [];
  return entries.flatMap(([key, item]) => stringPaths(item, limit, [...at, key])).slice(0, limit);
}

/** `value` with the leaf at `path` replaced by `text`. */
function withLeaf(value: unknown, path: string[], text: string): unknown {
  const [head, ...rest] = path;
  if (head === undefined) return text;
  const copy = (Array.isArray(value) ? [...value] : { ...(value as object) }) as Record<string, unknown>;
  copy[head] = withLeaf(copy[head], rest, text);
  return copy;
}

/** Every leaf of `value` replaced by a value of another type. */
function withWrongTypes(value: unknown): unknown {
  if (Array.isArray(value)) return pick(['x', 7, { a: 1 }]);
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, withWrongTypes(item)]));
  }
  if (typeof value === 'string') return pick([12345, true, ['x'], { x: 'y' }, null]);
  if (typeof value === 'number') return pick(['12', 'NaN', -1e308, 1.5, true, [1]]);
  if (typeof value === 'boolean') return pick(['true', 0, 'yes', null]);
  return pick(['x', 1, false]);
}

function operationsOf(document: {
  paths: Record<string, Record<string, { parameters?: Parameter[]; requestBody?: unknown }>>;
}): Operation[] {
  const operations: Operation[] = [];
  for (const [path, methods] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(methods)) {
      const body = (
        operation.requestBody as { content?: Record<string, { schema?: JsonSchema }> } | undefined
      )?.content;
      const bodySchema = body ? Object.values(body)[0]?.schema : undefined;
      operations.push({
        method: method.toUpperCase(),
        path,
        parameters: operation.parameters ?? [],
        body: bodySchema,
      });
    }
  }
  return operations;
}

const fillPath = (path: string, value: string) => path.replace(/\{[^}]+\}/g, value);

interface Probe {
  label: string;
  request: InjectOptions;
}

/** The malformed requests sent to one operation (before the signed-in / anonymous split). */
function probesOf(operation: Operation): Probe[] {
  const url = fillPath(operation.path, SAMPLE_UUID);
  const method = operation.method as InjectOptions['method'];
  const probes: Probe[] = [];
  const add = (label: string, request: Omit<InjectOptions, 'method' | 'url'> & { url?: string }) =>
    probes.push({ label, request: { method, url, ...request } });
  const asJson = (value: unknown) => ({
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify(value),
  });

  if (operation.path.includes('{')) {
    for (const [label, value] of [
      ['path NUL', '%00'],
      ['path lone surrogate (invalid UTF-8)', '%ED%A0%80'],
      ['path bad percent-encoding', '%E0%A4%A'],
      ['path long', 'p'.repeat(600)],
      ['path not an id', 'not-an-id'],
      ['path encoded slash', '..%2F..%2Fx'],
    ] as const) {
      add(label, { url: fillPath(operation.path, value) });
    }
  }

  const query = operation.parameters.filter((parameter) => parameter.in === 'query');
  if (query.length) {
    const values = (text: string) =>
      query.map((parameter) => `${parameter.name}=${encodeURIComponent(text)}`).join('&');
    add('query NUL', { url: `${url}?${values(NUL)}` });
    add('query huge', { url: `${url}?${values('q'.repeat(4000))}` });
    add('query wrong type', {
      url: `${url}?${query.map((parameter) => `${parameter.name}=-1e999&${parameter.name}=x`).join('&')}`,
    });
    add('query bad percent-encoding', { url: `${url}?${query[0]?.name}=%E0%A4%A&x=%` });
    add('query invalid UTF-8', { url: `${url}?${query[0]?.name}=%ED%A0%80` });
  }
  add('query NUL on any operation', { url: `${url}?q=%00&filter=%00` });

  if (operation.method !== 'GET' && operation.method !== 'HEAD') {
    const base = operation.body ? sample(operation.body) : {};
    add('body missing fields', asJson({}));
    add('body wrong types', asJson(withWrongTypes(base)));
    add('body NUL', asJson(withStrings(base, NUL)));
    add('body lone surrogate', asJson(withStrings(base, LONE_SURROGATE)));
    add('body huge strings', asJson(withStrings(base, HUGE)));
    add('body JSON with NUL inside strings', asJson(withStrings(base, NESTED_JSON)));
    // One field spoilt at a time, the others plausible: the spoilt one gets past the others' checks.
    for (const [index, path] of stringPaths(base, 8).entries()) {
      const text = pick([NUL, LONE_SURROGATE, NESTED_JSON, HUGE.slice(0, 5000)]);
      add(`body field ${path.join('.')} #${index}`, asJson(withLeaf(base, path, text)));
    }
    add('body NUL in a key', { headers: { 'content-type': 'application/json' }, payload: '{"a\\u0000":1}' });
    add('body deep array', { headers: { 'content-type': 'application/json' }, payload: DEEP });
    add('body deep object', { headers: { 'content-type': 'application/json' }, payload: DEEP_OBJECT });
    add('body bad JSON', { headers: { 'content-type': 'application/json' }, payload: '{"a":' });
    add('body not an object', asJson(pick([[], 'text', 42, null])));
    add('body text/plain', { headers: { 'content-type': 'text/plain' }, payload: 'x' });
    add('body form', {
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'a=%00&b=%ED%A0%80&a=2',
    });
    add('body multipart', {
      headers: { 'content-type': 'multipart/form-data; boundary=x' },
      payload: '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--x--\r\n',
    });
    add('body bad charset', {
      headers: { 'content-type': 'application/json; charset=utf-16' },
      payload: '{}',
    });
  }
  return probes;
}

/** Issue 13: the SCIM server's clients (Entra ID, Okta) read RFC 7644's error shape instead of ours. */
const SCIM_PREFIX = '/frontegg/scim/v2';
const SCIM_ERROR_SCHEMA = 'urn:ietf:params:scim:api:messages:2.0:Error';

function scimComplaint(response: LightMyRequestResponse, body: unknown): string | undefined {
  const shaped = body as { schemas?: unknown; status?: unknown };
  const isScimError =
    Array.isArray(shaped.schemas) &&
    shaped.schemas.includes(SCIM_ERROR_SCHEMA) &&
    shaped.status === String(response.statusCode);
  return isScimError
    ? undefined
    : `${response.statusCode} not the SCIM error shape: ${response.body.slice(0, 120)}`;
}

/** Why the answer breaks the rules, or undefined when it keeps them. */
function complaint(response: LightMyRequestResponse, path: string): string | undefined {
  if (response.statusCode >= 500) return `${response.statusCode} ${response.body.slice(0, 200)}`;
  if (response.statusCode < 400) return undefined;
  let body: unknown;
  try {
    body = response.json();
  } catch {
    return `${response.statusCode} not JSON: ${response.body.slice(0, 120)}`;
  }
  if (path.startsWith(SCIM_PREFIX)) return scimComplaint(response, body);
  const shaped = body as { errors?: unknown; errorCode?: unknown };
  if (
    !Array.isArray(shaped.errors) ||
    typeof shaped.errors[0] !== 'string' ||
    typeof shaped.errorCode !== 'string'
  ) {
    return `${response.statusCode} not the error shape: ${response.body.slice(0, 120)}`;
  }
  return undefined;
}

describe('issue 10: every operation answers malformed requests with a 4xx in the error shape (SCIM: in its own)', () => {
  let operations: Operation[] = [];
  beforeAll(async () => {
    const response = await server().app.inject({ method: 'GET', url: '/openapi.json' });
    operations = operationsOf(response.json());
  });

  it('reads the operations from /openapi.json', () => {
    expect(operations.length).toBeGreaterThan(200);
  });

  it('no 5xx and every 4xx in the error shape, signed in and not', { timeout: 120_000 }, async () => {
    const { admin } = await createTenantAdmins(server());
    let authorization = admin.authorization;
    const failures: string[] = [];
    let sent = 0;
    for (const [index, operation] of operations.entries()) {
      // A probe may end the session (logout, revoking sessions): sign in again now and then.
      if (index % 25 === 24) authorization = `Bearer ${await accessTokenOf(server(), admin.user.email)}`;
      for (const probe of probesOf(operation)) {
        for (const signedIn of [false, true]) {
          const headers = { ...(probe.request.headers as Record<string, string> | undefined) };
          if (signedIn) headers.authorization = authorization;
          const response = await server().app.inject({ ...probe.request, headers });
          sent++;
          const problem = complaint(response, operation.path);
          if (problem) {
            failures.push(
              `${operation.method} ${operation.path} [${probe.label}${signedIn ? ', signed in' : ''}]: ${problem}`,
            );
          }
        }
      }
    }
    expect(sent).toBeGreaterThan(operations.length * 10);
    expect(failures).toEqual([]);
  });
});
