import axios from 'axios';
import { messages } from '@repo/contracts';

export interface ApiError {
  status?: number;
  message: string;
  code?: string;
  /** Per-field messages keyed by the dotted field path (`address.city`). */
  errors?: Record<string, string>;
}

/** Seed §8, word for word, for answers without a `message`. */
export function messageForStatus(status: number | undefined): string {
  switch (status) {
    case 404:
      return messages.notFound;
    case 401:
      return messages.invalidCredentials;
    case 403:
      return messages.unauthenticated;
    case 500:
      return messages.serverError;
    default:
      return messages.connectionError;
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Reads any thrown value into the one error contract `{ message, code, errors? }` plus the status. */
export function getApiError(error: unknown): ApiError {
  const response = axios.isAxiosError(error) ? error.response : undefined;
  const status = response?.status;
  const data = isRecord(response?.data) ? response.data : {};
  const message = typeof data.message === 'string' && data.message.trim() ? data.message : messageForStatus(status);
  const out: ApiError = { status, message };
  if (typeof data.code === 'string') out.code = data.code;
  if (isRecord(data.errors)) {
    out.errors = Object.fromEntries(
      Object.entries(data.errors).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
    );
  }
  return out;
}

/** Shape of antd `Form.setFields` entries, declared here so shared-core does not depend on antd. */
export interface FieldErrorEntry {
  name: (string | number)[];
  errors: string[];
}

/** Server field errors as `form.setFields(fieldErrors(e))` input; numeric path parts become list indexes. */
export function fieldErrors(error: unknown): FieldErrorEntry[] {
  const errors = getApiError(error).errors ?? {};
  return Object.entries(errors).map(([path, message]) => ({
    name: path.split('.').map((part) => (/^\d+$/.test(part) ? Number(part) : part)),
    errors: [message],
  }));
}
