/**
 * The site's CSP forbids eval; zod 4 probes `new Function` when it creates an object schema and
 * compiles parsers with it (the browser reports the refused probe as a `securitypolicyviolation`).
 * In a browser (jsdom here) `@repo/contracts` switches that off before it creates any schema.
 */
describe('zod under the CSP', () => {
  const RealFunction = globalThis.Function;
  const constructed: unknown[][] = [];
  beforeAll(() => {
    globalThis.Function = new Proxy(RealFunction, {
      construct(target, args) {
        constructed.push(args);
        return Reflect.construct(target, args);
      },
      apply(target, thisArg, args) {
        constructed.push(args);
        return Reflect.apply(target, thisArg, args);
      },
    });
  });
  afterAll(() => {
    globalThis.Function = RealFunction;
  });

  it('never constructs a Function when the contracts are loaded and used', async () => {
    const { realtimeEventSchema } = await import('@repo/contracts');
    for (let i = 0; i < 3; i++) realtimeEventSchema.parse({ type: 'created', locationId: null, entity: 'location', id: 'x' });
    expect(constructed).toEqual([]);
  });
});
