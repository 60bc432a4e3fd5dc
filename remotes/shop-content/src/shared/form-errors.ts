import { fieldErrors } from '@repo/shared-core';
import type { FormInstance } from 'antd';

/**
 * The server's per-field messages (the error contract's `errors`) on the form's fields, with the API's
 * field names renamed to the form's (`imageIds` → `images`); a 409 about one field (`{ message }` only)
 * goes on `conflictField` when given. Returns whether any field got a message (the toast has said the rest).
 */
export function putServerErrors(form: FormInstance, error: unknown, { rename = {}, conflict }: { rename?: Record<string, string>; conflict?: { status: number; field: string; message?: string; when?: (message: string) => boolean } } = {}): boolean {
  const entries = fieldErrors(error).map((e) => ({ ...e, name: e.name.length && rename[String(e.name[0])] ? [rename[String(e.name[0])], ...e.name.slice(1)] : e.name }));
  if (entries.length) {
    form.setFields(entries as never);
    return true;
  }
  if (conflict) {
    const info = (error as { response?: { status?: number; data?: { message?: string } } })?.response;
    const message = info?.data?.message;
    if (info?.status === conflict.status && message && (!conflict.when || conflict.when(message))) {
      form.setFields([{ name: conflict.field, errors: [message] }] as never);
      return true;
    }
  }
  return false;
}
