import type { ErrorCode } from '@repo/contracts';
import { messages } from '@repo/contracts';

/** An error that maps to the error contract `{ message, code, errors? }`. Services throw these. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    message: string,
    readonly errors?: Record<string, string>,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
  }
}

export const notFound = (message: string = messages.notFound) => new AppError(404, 'not_found', message);
export const conflict = (message: string) => new AppError(409, 'conflict', message);
export const forbidden = (message: string) => new AppError(403, 'forbidden', message);
export const unauthenticated = () => new AppError(403, 'unauthenticated', messages.unauthenticated);
export const invalidInput = (errors: Record<string, string>, message: string = messages.validation) =>
  new AppError(400, 'validation', message, errors);
