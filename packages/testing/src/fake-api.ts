import { api } from '@repo/shared-core';
import type { AxiosRequestConfig } from 'axios';
import MockAdapter from 'axios-mock-adapter';

export type HttpMethod = 'get' | 'post' | 'put' | 'patch' | 'delete';

/** One request the code under test sent, as the server would see it. */
export interface FakeCall {
  method: HttpMethod;
  /** Path under `/api/` without the query string: `releases/stock/activate`. */
  path: string;
  /** `:name` parts of the route that answered it. */
  params: Record<string, string>;
  query: Record<string, string>;
  /** The JSON body, parsed (FormData is passed through). */
  body: unknown;
  headers: Record<string, unknown>;
}

/** An answer other than 200: `respond(409, { message: 'Занято', code: 'conflict' })`. */
export interface FakeResponse {
  readonly status: number;
  readonly data: unknown;
  readonly __fakeResponse: true;
}
export function respond(status: number, data: unknown = undefined): FakeResponse {
  return { status, data, __fakeResponse: true };
}
/** The error contract `{ message, code, errors? }` with its status. */
export function respondError(
  status: number,
  message: string,
  code = status === 404 ? 'not_found' : status === 403 ? 'forbidden' : status === 400 ? 'validation' : 'server_error',
  errors?: Record<string, string>,
): FakeResponse {
  return respond(status, errors ? { message, code, errors } : { message, code });
}

/** A fixed body (answered with 200), a FakeResponse, or a function of the call that returns either. */
export type FakeReply =
  | ((call: FakeCall) => unknown)
  | FakeResponse
  | object
  | readonly unknown[]
  | string
  | number
  | boolean
  | null
  | undefined;

interface Route {
  method: HttpMethod;
  pattern: string;
  match: (path: string) => Record<string, string> | null;
  reply: FakeReply;
  once: boolean;
}

const isFakeResponse = (v: unknown): v is FakeResponse =>
  typeof v === 'object' && v !== null && (v as FakeResponse).__fakeResponse === true;

/** `/api/releases/` and `releases` are the same route: paths are compared without the API base and slashes. */
function normalise(url: string): string {
  return url
    .replace(/^https?:\/\/[^/]+/, '')
    .split('?')[0]
    .replace(/^\/+/, '')
    .replace(/^api\//, '')
    .replace(/\/+$/, '');
}

function compile(pattern: string): Route['match'] {
  const parts = normalise(pattern).split('/');
  return (path) => {
    const segs = path.split('/');
    if (segs.length !== parts.length) return null;
    const params: Record<string, string> = {};
    for (let i = 0; i < parts.length; i++) {
      if (parts[i].startsWith(':')) params[parts[i].slice(1)] = decodeURIComponent(segs[i]);
      else if (parts[i] !== segs[i]) return null;
    }
    return params;
  };
}

function queryOf(config: AxiosRequestConfig): Record<string, string> {
  const out: Record<string, string> = {};
  const inUrl = (config.url ?? '').split('?')[1];
  if (inUrl) new URLSearchParams(inUrl).forEach((v, k) => (out[k] = v));
  for (const [k, v] of Object.entries((config.params ?? {}) as Record<string, unknown>)) {
    if (v !== undefined && v !== null) out[k] = String(v);
  }
  return out;
}

function bodyOf(data: unknown): unknown {
  if (typeof data !== 'string') return data;
  try {
    return JSON.parse(data);
  } catch {
    return data;
  }
}

/**
 * A fake server behind shared-core's axios instance (axios-mock-adapter): the code under test keeps
 * its real fetchers, interceptors and error handling. Unanswered requests get 404 with a message that
 * names them, so a missing route shows up in the test's output rather than as a hang.
 *
 *   const server = createFakeApi();
 *   server.get('releases', { areas: [] }).post('releases/:area/activate', ({ params }) => ({ ... }));
 *   ...
 *   expect(server.calls('post', 'releases/stock/activate')[0].body).toEqual({ version: '0.1.0-a' });
 *   server.restore(); // afterEach
 */
export class FakeApi {
  readonly mock: MockAdapter;
  private routes: Route[] = [];
  private log: FakeCall[] = [];

  constructor() {
    this.mock = new MockAdapter(api);
    this.mock.onAny().reply((config) => this.handle(config));
  }

  on(method: HttpMethod, pattern: string, reply: FakeReply, { once = false } = {}): this {
    // One-off answers come first, in the order given; among the others the newest wins, so a test
    // can override what a shared setup answered.
    const route = { method, pattern, match: compile(pattern), reply, once };
    if (once) {
      const lastOnce = this.routes.filter((r) => r.once).length;
      this.routes.splice(lastOnce, 0, route);
    } else {
      const firstLasting = this.routes.findIndex((r) => !r.once);
      this.routes.splice(firstLasting === -1 ? this.routes.length : firstLasting, 0, route);
    }
    return this;
  }
  get(pattern: string, reply: FakeReply) {
    return this.on('get', pattern, reply);
  }
  post(pattern: string, reply: FakeReply) {
    return this.on('post', pattern, reply);
  }
  put(pattern: string, reply: FakeReply) {
    return this.on('put', pattern, reply);
  }
  patch(pattern: string, reply: FakeReply) {
    return this.on('patch', pattern, reply);
  }
  delete(pattern: string, reply: FakeReply) {
    return this.on('delete', pattern, reply);
  }
  /** Answers the next matching request only (before any lasting route), then falls back to the others. */
  once(method: HttpMethod, pattern: string, reply: FakeReply) {
    return this.on(method, pattern, reply, { once: true });
  }

  /** Requests sent so far, optionally those of one method and route pattern (`releases/:area/activate`). */
  calls(method?: HttpMethod, pattern?: string): FakeCall[] {
    const match = pattern ? compile(pattern) : null;
    return this.log.filter((c) => (!method || c.method === method) && (!match || match(c.path)));
  }
  lastCall(method?: HttpMethod, pattern?: string): FakeCall | undefined {
    const all = this.calls(method, pattern);
    return all[all.length - 1];
  }

  /** Forgets routes and calls (e.g. in beforeEach); the adapter stays installed. */
  reset(): void {
    this.routes = [];
    this.log = [];
  }
  /** Puts axios' own adapter back (afterEach / afterAll). */
  restore(): void {
    this.mock.restore();
  }

  private async handle(config: AxiosRequestConfig): Promise<[number, unknown?]> {
    const method = (config.method ?? 'get').toLowerCase() as HttpMethod;
    const path = normalise(config.url ?? '');
    const call: FakeCall = {
      method,
      path,
      params: {},
      query: queryOf(config),
      body: bodyOf(config.data),
      headers: { ...(config.headers as Record<string, unknown>) },
    };
    this.log.push(call);
    for (const route of this.routes) {
      if (route.method !== method) continue;
      const params = route.match(path);
      if (!params) continue;
      call.params = params;
      if (route.once) this.routes = this.routes.filter((r) => r !== route);
      const value = typeof route.reply === 'function' ? await (route.reply as (c: FakeCall) => unknown)(call) : route.reply;
      if (isFakeResponse(value)) return [value.status, value.data];
      return [200, value];
    }
    return [404, { message: `Fake API: нет ответа для ${method.toUpperCase()} ${path}`, code: 'not_found' }];
  }
}

export function createFakeApi(): FakeApi {
  return new FakeApi();
}
