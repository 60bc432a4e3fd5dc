import type { Rng } from './prng';

/** The parts of JSON Schema (as @fastify/swagger writes it for OpenAPI 3.0) the fuzz suite reads. */
export interface JsonSchema {
  $ref?: string;
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  nullable?: boolean;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  default?: unknown;
}

interface RawParameter {
  in: 'path' | 'query' | 'header' | 'cookie';
  name: string;
  required?: boolean;
  schema?: JsonSchema;
}

interface RawOperation {
  parameters?: RawParameter[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
  security?: unknown[];
  description?: string;
  'x-rule'?: string;
  'x-consumes'?: string[];
}

export interface OpenApiDocument {
  paths: Record<string, Record<string, RawOperation>>;
  components?: { schemas?: Record<string, JsonSchema> };
}

export interface Param {
  name: string;
  required: boolean;
  schema: JsonSchema;
}

/** One operation of the document, with what the suite needs to build and judge requests. */
export interface Operation {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** The OpenAPI path, `/api/location/{id}`. */
  path: string;
  /** `GET /api/location/{id}`: names the operation in reports. */
  key: string;
  pathParams: Param[];
  query: Param[];
  /** Header parameters other than authorization (e.g. the `Shop` header of location routes). */
  headers: Param[];
  /** The JSON body schema, when the operation declares one. */
  jsonBody: JsonSchema | null;
  /** Content types the operation reads besides JSON (multipart uploads, `x-consumes`). */
  consumes: string[];
  /** `security: []`: no token needed. */
  public: boolean;
  /** The rule the route declares (`x-rule`, written by plugins/docs.ts), or null. */
  rule: string | null;
  /** The route works inside the current location: the `Shop` header is required. */
  locationScoped: boolean;
}

const methods = ['get', 'post', 'put', 'patch', 'delete'] as const;

/** Every operation of the document: the route table itself, so a new route is fuzzed with no edit here. */
export function operationsOf(doc: OpenApiDocument): Operation[] {
  const out: Operation[] = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const m of methods) {
      const op = item[m];
      if (!op) continue;
      const params = op.parameters ?? [];
      const of = (where: RawParameter['in']) =>
        params.filter((p) => p.in === where).map((p) => ({ name: p.name, required: p.required === true || where === 'path', schema: p.schema ?? {} }));
      const headers = of('header').filter((p) => p.name.toLowerCase() !== 'authorization');
      const content = op.requestBody?.content ?? {};
      const jsonBody = content['application/json']?.schema ?? null;
      const consumes = [...Object.keys(content).filter((c) => c !== 'application/json'), ...(op['x-consumes'] ?? [])];
      out.push({
        method: m.toUpperCase() as Operation['method'],
        path,
        key: `${m.toUpperCase()} ${path}`,
        pathParams: of('path'),
        query: of('query'),
        headers,
        jsonBody,
        consumes,
        public: Array.isArray(op.security) && op.security.length === 0,
        rule: op['x-rule'] ?? null,
        locationScoped: headers.some((h) => h.name.toLowerCase() === 'shop' && h.required),
      });
    }
  }
  return out;
}

/** Follows `$ref` (and a one-member `allOf`) to the schema itself. */
export function resolve(doc: OpenApiDocument, schema: JsonSchema | undefined): JsonSchema {
  let s = schema ?? {};
  for (let i = 0; i < 20; i++) {
    if (s.$ref) {
      const name = s.$ref.replace(/^#\/components\/schemas\//, '');
      s = doc.components?.schemas?.[name] ?? {};
    } else if (s.allOf && s.allOf.length === 1 && !s.type && !s.properties) {
      s = s.allOf[0];
    } else break;
  }
  return s;
}

export function typeOf(schema: JsonSchema): string | undefined {
  if (Array.isArray(schema.type)) return schema.type.find((t) => t !== 'null');
  if (schema.type) return schema.type;
  if (schema.properties) return 'object';
  if (schema.items) return 'array';
  return undefined;
}

export const isUuidSchema = (schema: JsonSchema) => schema.format === 'uuid';

/** Ids the suite may put into a uuid field, by what the field's name suggests. */
export interface IdPool {
  /** Locations the employee may work in. */
  location: string[];
  /** Images of those locations. */
  image: string[];
}

/** A valid id for a field: an image field gets an own image, anything else an own location (else a fresh uuid). */
export function idFor(name: string, pool: IdPool, rng: Rng): string {
  const list = /image/i.test(name) ? pool.image : pool.location;
  return list.length ? rng.pick(list) : rng.uuid();
}

const phoneLike = (rng: Rng) => `+79${String(100000000 + rng.int(800000000)).padStart(9, '0')}`;

/** A date inside any database's range, as ISO text. */
const dateLike = (rng: Rng) => new Date(Date.UTC(2020 + rng.int(5), rng.int(12), 1 + rng.int(28))).toISOString();

/**
 * A valid-looking value for a schema: required properties, strings within their lengths, own ids
 * for uuid fields. The server may still refuse it (a business rule); it is the base one mutation
 * at a time is applied to.
 */
export function sampleValue(doc: OpenApiDocument, raw: JsonSchema | undefined, name: string, pool: IdPool, rng: Rng, depth = 0): unknown {
  const schema = resolve(doc, raw);
  if (schema.const !== undefined) return schema.const;
  if (schema.enum && schema.enum.length) return rng.pick(schema.enum.filter((v) => v !== null).length ? schema.enum.filter((v) => v !== null) : schema.enum);
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants && variants.length) {
    const nonNull = variants.filter((v) => resolve(doc, v).type !== 'null' && !(resolve(doc, v).enum?.length === 1 && resolve(doc, v).enum?.[0] === null));
    return sampleValue(doc, rng.pick(nonNull.length ? nonNull : variants), name, pool, rng, depth + 1);
  }
  if (schema.default !== undefined && rng.int(2) === 0) return schema.default;
  switch (typeOf(schema)) {
    case 'object': {
      const out: Record<string, unknown> = {};
      if (depth > 8) return out;
      const required = new Set(schema.required ?? []);
      for (const [key, child] of Object.entries(schema.properties ?? {})) {
        // Required fields always; optional ones most of the time, so both shapes are sent.
        if (required.has(key) || rng.int(4) !== 0) out[key] = sampleValue(doc, child, key, pool, rng, depth + 1);
      }
      return out;
    }
    case 'array': {
      const n = Math.max(schema.minItems ?? 0, depth > 8 ? 0 : 1);
      return Array.from({ length: n }, () => sampleValue(doc, schema.items, name, pool, rng, depth + 1));
    }
    case 'integer':
    case 'number': {
      const min = schema.minimum ?? 0;
      const max = Math.min(schema.maximum ?? min + 100, min + 100);
      return min + rng.int(Math.max(1, max - min + 1));
    }
    case 'boolean':
      return rng.int(2) === 0;
    case 'null':
      return null;
    case 'string':
    default:
      return sampleString(schema, name, pool, rng);
  }
}

function sampleString(schema: JsonSchema, name: string, pool: IdPool, rng: Rng): string {
  if (isUuidSchema(schema)) return idFor(name, pool, rng);
  if (schema.format === 'date-time' || schema.format === 'date' || /(^|[a-z])(from|to|date|at)$/i.test(name)) {
    const iso = dateLike(rng);
    return schema.format === 'date' ? iso.slice(0, 10) : iso;
  }
  if (schema.format === 'email') return `${rng.word(8)}@example.com`;
  if (/phone/i.test(name)) return phoneLike(rng);
  const min = schema.minLength ?? 0;
  const max = Math.min(schema.maxLength ?? 40, 40);
  const length = Math.max(min, Math.min(max, 8 + rng.int(12)));
  return `Фазз ${rng.word(Math.max(1, length - 5))}`.slice(0, Math.max(length, min));
}
