import fp from 'fastify-plugin';
import type { FastifyError, FastifyReply } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { messages, type ErrorResponse } from '@repo/contracts';
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

/** Postgres error codes that user input can provoke and that have an honest answer. */
const pgAnswers: Record<string, { status: number; code: ErrorResponse['code']; message: string }> = {
  '23505': { status: 409, code: 'conflict', message: 'Такая запись уже существует' },
  '23503': { status: 409, code: 'conflict', message: 'Запись связана с другими данными' },
  '22P02': { status: 400, code: 'validation', message: messages.validation },
};

/** One error contract on every route: `{ message, code, errors? }` in Russian; never a stack trace. */
export default fp(async (app) => {
  app.setErrorHandler((error: FastifyError & { cause?: unknown }, request, reply) => {
    if (error instanceof AppError) {
      return send(reply, error.statusCode, { message: error.message, code: error.code, ...(error.errors ? { errors: error.errors } : {}) }, error.headers);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
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
    const pg = pgAnswers[(error as { code?: string }).code ?? ''] ?? pgAnswers[((error.cause as { code?: string } | undefined)?.code) ?? ''];
    if (pg) return send(reply, pg.status, { message: pg.message, code: pg.code });
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
