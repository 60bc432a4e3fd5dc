import fp from 'fastify-plugin';

/**
 * No body is an empty object. A route that declares a body schema gets `{}` when the request carries
 * no body (no payload, or an empty one with a JSON content type), so an operation whose fields are all
 * optional (`POST /api/sales/:id/cancel`) works without one, and one with required fields answers
 * which fields are missing. A body that is there but is not an object (`null`, `[]`, `"x"`) is still
 * refused: 400 «Тело запроса должно быть объектом JSON» (plugins/errors.ts).
 */
export default fp(
  async (app) => {
    // Fastify's own JSON parser (same protections against `__proto__` and `constructor`), except that
    // an empty payload is no body rather than a JSON error.
    const json = app.getDefaultJsonParser('error', 'error');
    app.removeContentTypeParser('application/json');
    app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, payload, done) => {
      if (payload === '') {
        done(null, undefined);
        return;
      }
      json(request, payload as string, done);
    });

    app.addHook('preValidation', async (request) => {
      if (request.body === undefined && request.routeOptions.schema?.body) request.body = {};
    });
  },
  { name: 'body' },
);
