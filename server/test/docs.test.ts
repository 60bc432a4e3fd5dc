import type { FastifyInstance } from 'fastify';
import { buildTestApp } from './helpers';

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(() => app.close());

interface OpenApi {
  openapi: string;
  paths: Record<string, Record<string, { security?: unknown[]; parameters?: Array<{ in: string; name: string }>; requestBody?: unknown; description?: string }>>;
  components: { securitySchemes: Record<string, { type: string; scheme?: string }>; schemas: Record<string, unknown> };
  security: unknown[];
}

describe('API documentation', () => {
  let doc: OpenApi;
  beforeAll(async () => {
    const res = await app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    doc = res.json();
  });

  it('serves the OpenAPI document without a token, with the auth and location paths', () => {
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/api/auth/login', '/api/auth/me', '/api/location/', '/api/location/{id}', '/api/location/current/{id}', '/api/location/images', '/api/audit/']),
    );
    expect(Object.keys(doc.paths).some((p) => p.startsWith('/api/docs') || p === '/ws')).toBe(false);
  });

  it('documents the bearer auth, public routes and the contract schemas', () => {
    expect(doc.components.securitySchemes.bearerAuth).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(doc.security).toEqual(expect.arrayContaining([{ bearerAuth: [] }]));
    expect(doc.paths['/api/auth/login'].post.security).toEqual([]);
    expect(doc.paths['/api/location/'].post.requestBody).toBeDefined();
    expect(doc.paths['/api/location/'].post.description).toContain('create:location');
    expect(Object.keys(doc.components.schemas)).toEqual(expect.arrayContaining(['Location', 'Error', 'LoginRequest']));
  });

  it('serves a human page at /api/docs without a token', async () => {
    let res = await app.inject({ method: 'GET', url: '/api/docs' });
    if (res.statusCode >= 300 && res.statusCode < 400) res = await app.inject({ method: 'GET', url: String(res.headers.location) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.body).toContain('swagger');
  });
});
