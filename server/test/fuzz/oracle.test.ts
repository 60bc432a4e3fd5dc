/**
 * The fuzz suite's judge on made-up answers: each thing it must catch is caught, and an honest
 * refusal that repeats the caller's own input is not mistaken for a leak. No app needed.
 */
import type { Operation } from './openapi';
import type { FuzzRequest } from './mutations';
import { judge, type Answer, type Caller } from './oracle';

const own = '11111111-1111-4111-8111-111111111111';
const foreign = '22222222-2222-4222-8222-222222222222';

const op = (over: Partial<Operation> = {}): Operation => ({
  method: 'PATCH',
  path: '/api/thing/{id}',
  key: 'PATCH /api/thing/{id}',
  pathParams: [{ name: 'id', required: true, schema: { type: 'string', format: 'uuid' } }],
  query: [],
  headers: [],
  jsonBody: { type: 'object' },
  consumes: [],
  public: false,
  rule: 'edit:location',
  locationScoped: false,
  ...over,
});

const request = (over: Partial<FuzzRequest> = {}): FuzzRequest => ({
  op: op(),
  label: 'test',
  priority: true,
  params: { id: own },
  query: [],
  headers: { shop: own },
  body: { kind: 'json', value: { name: 'x' } },
  auth: 'valid',
  ...over,
});

const cashier: Caller = { rules: ['view:location:all'], allowed: [own], foreign: [foreign] };
const manager: Caller = { rules: ['edit:location:all'], allowed: [own], foreign: [foreign] };
const json = (status: number, body: unknown): Answer => ({ status, headers: { 'content-type': 'application/json; charset=utf-8' }, body: JSON.stringify(body) });
const refusal = (status = 400) => json(status, { message: 'Проверьте правильность заполнения полей', code: 'validation' });

describe('fuzz oracle', () => {
  it('accepts an honest success and an honest refusal', () => {
    expect(judge(request(), manager, json(200, { id: own }))).toEqual([]);
    expect(judge(request(), cashier, json(403, { message: 'Нет права: изменение — магазины', code: 'forbidden' }))).toEqual([]);
  });

  it('flags a 5xx', () => {
    expect(judge(request(), manager, json(500, { message: 'Ошибка сервера', code: 'server_error' }))).toContain('500 server error');
  });

  it('flags a success without a valid token, without the rule, or with a Shop the employee may not use', () => {
    expect(judge(request({ auth: 'revoked' }), manager, json(200, {}))).toContain('success with token: revoked');
    expect(judge(request(), cashier, json(200, {}))).toContain('success without the rule edit:location');
    const scoped = request({ op: op({ locationScoped: true, rule: null }), headers: { shop: foreign } });
    expect(judge(scoped, manager, json(200, {})).join()).toMatch(/Shop header the employee may not use/);
    // A public operation may succeed with anything.
    expect(judge(request({ op: op({ public: true }), auth: 'none' }), manager, json(200, {}))).toEqual([]);
  });

  it('flags a success aimed at a foreign id, in any case', () => {
    expect(judge(request({ params: { id: foreign.toUpperCase() } }), manager, json(200, {}))).toContain('success on a foreign location or its image');
    const upload = request({ params: {}, body: { kind: 'raw', payload: '', contentType: 'multipart/form-data', fields: { locationId: foreign } } });
    expect(judge(upload, manager, json(201, {}))).toContain('success on a foreign location or its image');
  });

  it('lets a public operation list the locations published for the site, and nothing else foreign', () => {
    const anonymous: Caller = { rules: null, allowed: [], foreign: [foreign], published: [foreign] };
    const info = request({ op: op({ method: 'GET', public: true, rule: null }), auth: 'none' });
    expect(judge(info, anonymous, json(200, { locations: [{ id: foreign }] }))).toEqual([]);
    // A staff operation may not show it all the same.
    expect(judge(request(), { ...manager, published: [foreign] }, json(200, [{ id: foreign }])).join()).toMatch(/foreign id in the answer/);
  });

  it('flags a foreign id in any answer, but not an error that repeats what the caller sent', () => {
    expect(judge(request(), manager, json(200, [{ id: own }, { id: foreign.toUpperCase() }])).join()).toMatch(/foreign id in the answer/);
    expect(judge(request(), manager, json(404, { message: `Нет магазина ${foreign}`, code: 'not_found' })).join()).toMatch(/foreign id in the answer/);
    const echoed = request({ params: { id: foreign } });
    expect(judge(echoed, manager, json(404, { message: `Нет магазина ${foreign}`, code: 'not_found' }))).toEqual([]);
  });

  it('flags errors outside the contract, in English, or not JSON', () => {
    expect(judge(request(), manager, json(414, { error: 'Bad Request', code: 'FST_ERR_MAX_PARAM_LENGTH', message: 'too long' })).join()).toMatch(/outside the contract/);
    expect(judge(request(), manager, json(400, { message: 'Bad Request', code: 'validation' }))).toContain('error without a Russian message');
    // Each field's message too: zod's English default behind a Russian headline is still English.
    const english = json(400, { message: 'Проверьте правильность заполнения полей', code: 'validation', errors: { lines: 'Invalid input: expected array, received string', name: 'Обязательное поле' } });
    expect(judge(request(), manager, english)).toEqual(['errors.lines without a Russian message: Invalid input: expected array, received string']);
    const body = json(400, { message: 'Проверьте правильность заполнения полей', code: 'validation', errors: { _: 'Invalid input: expected object, received null' } });
    expect(judge(request(), manager, body).join()).toMatch(/errors\._ without a Russian message/);
    expect(judge(request(), manager, { status: 400, headers: { 'content-type': 'text/plain' }, body: 'Bad Request' }).join()).toMatch(/not JSON/);
  });

  it('flags a stack trace, a source path or SQL in an error, even behind a Russian message', () => {
    const leak = (text: string) => judge(request(), manager, json(400, { message: `Ошибка: ${text}`, code: 'validation' })).join();
    expect(leak('Error: boom\n    at handler (/srv/app/service.ts:12:5)')).toMatch(/stack frame/);
    expect(leak('see node_modules/pg/lib/client.js')).toMatch(/node_modules/);
    expect(leak('insert into "locations" ("name") values ($1)')).toMatch(/SQL text/);
    expect(leak('invalid byte sequence for encoding "UTF8": 0x00')).toMatch(/database message/);
    // The caller's own SQL string repeated back is not a leak.
    const sqlIn = request({ body: { kind: 'json', value: { name: "x' UNION SELECT password_hash FROM employees --" } } });
    expect(judge(sqlIn, manager, json(404, { message: "Не найдено: x' UNION SELECT password_hash FROM employees --", code: 'not_found' }))).toEqual([]);
    expect(judge(request(), manager, refusal())).toEqual([]);
  });
});
