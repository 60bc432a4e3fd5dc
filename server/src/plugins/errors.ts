import http from 'node:http';
import type { Socket } from 'node:net';
import fp from 'fastify-plugin';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { hasForbiddenCharacters, messages, type ErrorResponse } from '@repo/contracts';
import { AppError } from '../lib/errors';

function send(reply: FastifyReply, status: number, body: ErrorResponse, headers?: Record<string, string>) {
  if (headers) reply.headers(headers);
  return reply.status(status).type('application/json; charset=utf-8').send(body);
}

/** Turns zod issues into `{ 'field.path': 'message' }`, first message per field. */
function fieldErrors(issues: ReadonlyArray<{ instancePath?: string; message?: string; params?: unknown }>) {
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    const params = issue.params as { issue?: { path?: PropertyKey[] } } | undefined;
    const path = params?.issue?.path?.map(String).join('.') || issue.instancePath?.replace(/^\//, '').replace(/\//g, '.') || '_';
    if (!(path in errors)) errors[path] = issue.message ?? messages.validation;
  }
  return errors;
}

/**
 * The body parsed, but as `null`, a list, a string or a number where the operation takes an object:
 * one clear sentence instead of zod's words about types. (No body at all is read as `{}`,
 * plugins/body.ts.) fastify-type-provider-zod gives each issue as `{ keyword: code, instancePath, params }`.
 */
function isNotObjectBody(issues: ReadonlyArray<{ keyword?: string; instancePath?: string; params?: unknown }>, body: unknown): boolean {
  const isObject = body !== null && typeof body === 'object' && !Array.isArray(body);
  return issues.some((i) => {
    if (i.instancePath !== '/' && i.instancePath !== '') return false;
    return i.keyword === 'invalid_type' ? (i.params as { expected?: string } | undefined)?.expected === 'object' : !isObject;
  });
}

/** Postgres error codes that user input can provoke and that have an honest answer. */
const pgAnswers: Record<string, { status: number; code: ErrorResponse['code']; message: string }> = {
  '23505': { status: 409, code: 'conflict', message: 'Такая запись уже существует' },
  '23503': { status: 409, code: 'conflict', message: 'Запись связана с другими данными' },
  '22P02': { status: 400, code: 'validation', message: messages.validation },
};

/**
 * PostgreSQL's class 22, «data exception»: a value the database refuses, which the contracts' safe
 * types (`safeText`, `safeDate`, `moneySchema`, `pageQuerySchema`) keep out: NUL in text (22021), an
 * unstorable date (22007, 22008, 22009), a number out of range (22003). Reaching the database means a
 * field skipped those types: the client still gets a 400, and the log a warning to fix the schema.
 */
const isPgDataException = (code: string) => code.startsWith('22');

function pgCodeOf(error: { code?: unknown; cause?: unknown }): string | undefined {
  for (let e: unknown = error, depth = 0; e && typeof e === 'object' && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return undefined;
}

const statusText = (status: number) => http.STATUS_CODES[status] ?? 'Error';

/**
 * `clientErrorHandler`: Node could not parse the request (bad chunked encoding, Content-Length with
 * Transfer-Encoding, two lengths, a non-ASCII or control byte in the path or a header) or it did not
 * arrive within the timeouts. No Fastify request exists, so the answer is written on the socket: the
 * error contract in Russian, then the connection is closed (never left hanging).
 */
export function clientErrorHandler(this: FastifyInstance, err: Error & { code?: string }, socket: Socket): void {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  let status = 400;
  let body: ErrorResponse = { message: messages.malformedRequest, code: 'validation', errors: { _: messages.malformedRequest } };
  if (err.code === 'ERR_HTTP_REQUEST_TIMEOUT') {
    status = 408;
    body = { message: messages.requestTimeout, code: 'timeout' };
  } else if (err.code === 'HPE_HEADER_OVERFLOW') {
    status = 431;
    body = { message: messages.headersTooLarge, code: 'validation', errors: { _: messages.headersTooLarge } };
  }
  this.log.debug({ err: { code: err.code, message: err.message } }, 'client error');
  // Like Node's own handler: only while no response has begun on this connection.
  const pending = (socket as Socket & { _httpMessage?: { headersSent?: boolean } })._httpMessage;
  if (socket.writable && !pending?.headersSent) {
    const json = JSON.stringify(body);
    socket.write(
      `HTTP/1.1 ${status} ${statusText(status)}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(json)}\r\nConnection: close\r\n\r\n${json}`,
    );
  }
  // Closed once the answer is written; a timer makes sure a peer that never reads cannot hold it.
  socket.destroySoon();
  setTimeout(() => socket.destroy(), 1000).unref();
}

/**
 * `frameworkErrors`: the router refused the address before any route ran (a malformed `%` escape, a
 * parameter over `maxParamLength`): 400 in the error contract instead of Fastify's English body.
 */
export function frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  const message = error.code === 'FST_ERR_BAD_URL' || error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? messages.malformedUrl : messages.malformedRequest;
  void send(reply, 400, { message, code: 'validation', errors: { _: message } });
}

/** A `%00`..`%1F` or `%7F` escape in the path or query: a control character once decoded. */
const encodedControl = /%(?:[01][0-9a-f]|7f)/i;

/**
 * NUL and other control characters in the address or a header value. Node's parser refuses them on
 * the wire already; this also covers `inject` and keeps the rule in one place: no such character
 * reaches a route, whatever its schema.
 */
function hasUnsafeInput(request: FastifyRequest): boolean {
  const url = request.raw.url ?? '';
  if (encodedControl.test(url) || hasForbiddenCharacters(url)) return true;
  for (const value of Object.values(request.headers)) {
    for (const v of Array.isArray(value) ? value : [value]) {
      // A header value may hold a tab (`\t`), nothing else below 0x20.
      // eslint-disable-next-line no-control-regex -- matching control characters is the point
      if (typeof v === 'string' && /[\u0000-\u0008\u000A-\u001F\u007F]/.test(v)) return true;
    }
  }
  return false;
}

/** One error contract on every route: `{ message, code, errors? }` in Russian; never a stack trace. */
export default fp(async (app) => {
  app.addHook('onRequest', async (request) => {
    if (hasUnsafeInput(request)) throw new AppError(400, 'validation', messages.invalidCharacters, { _: messages.invalidCharacters });
  });

  app.setErrorHandler((error: FastifyError & { cause?: unknown }, request, reply) => {
    if (error instanceof AppError) {
      return send(reply, error.statusCode, { message: error.message, code: error.code, ...(error.errors ? { errors: error.errors } : {}) }, error.headers);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      if (error.validationContext === 'body' && isNotObjectBody(error.validation as never, request.body)) {
        return send(reply, 400, { message: messages.bodyNotObject, code: 'validation', errors: { _: messages.bodyNotObject } });
      }
      const errors = fieldErrors(error.validation as never);
      return send(reply, 400, { message: messages.validation, code: 'validation', errors });
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error }, 'response does not match its schema');
      return send(reply, 500, { message: messages.serverError, code: 'server_error' });
    }
    switch (error.code) {
      case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
        return send(reply, 400, { message: messages.unsupportedMediaType, code: 'validation', errors: { _: messages.unsupportedMediaType } });
      case 'FST_ERR_CTP_BODY_TOO_LARGE':
      case 'FST_REQ_FILE_TOO_LARGE':
      case 'FST_FILES_LIMIT':
      case 'FST_PARTS_LIMIT':
      case 'FST_FIELDS_LIMIT':
        return send(reply, 400, { message: messages.bodyTooLarge, code: 'validation', errors: { _: messages.bodyTooLarge } });
      case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      case 'FST_ERR_CTP_INVALID_JSON_BODY':
        return send(reply, 400, { message: messages.malformedJson, code: 'validation', errors: { _: messages.malformedJson } });
    }
    if (error instanceof SyntaxError || (error.statusCode === 400 && /JSON/i.test(error.message))) {
      return send(reply, 400, { message: messages.malformedJson, code: 'validation', errors: { _: messages.malformedJson } });
    }
    const pgCode = pgCodeOf(error) ?? '';
    const pg = pgAnswers[pgCode];
    if (pg) return send(reply, pg.status, { message: pg.message, code: pg.code });
    if (isPgDataException(pgCode)) {
      request.log.warn({ err: error }, 'input reached the database unchecked: use the safe types of @repo/contracts');
      return send(reply, 400, { message: messages.validation, code: 'validation', errors: { _: messages.validation } });
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      if (error.statusCode === 404) return send(reply, 404, { message: messages.notFound, code: 'not_found' });
      if (error.statusCode === 429) return send(reply, 429, { message: error.message, code: 'too_many_requests' });
      return send(reply, 400, { message: messages.validation, code: 'validation', errors: { _: messages.validation } });
    }
    request.log.error({ err: error }, 'unhandled error');
    return send(reply, 500, { message: messages.serverError, code: 'server_error' });
  });

  app.setNotFoundHandler((request, reply) => send(reply, 404, { message: messages.notFound, code: 'not_found' }));
});
