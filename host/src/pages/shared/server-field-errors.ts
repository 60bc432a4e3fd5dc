import { fieldErrors } from '@repo/shared-core';
import type { FormInstance } from 'antd';

/**
 * Puts the server's per-field messages onto a typed antd form. shared-core returns untyped paths
 * (it must not depend on antd), so the cast lives here once instead of in every form.
 * Returns the entries so a caller can tell whether any field got a message.
 */
export function setServerFieldErrors<T>(form: FormInstance<T>, error: unknown) {
  const entries = fieldErrors(error);
  form.setFields(entries as Parameters<FormInstance<T>['setFields']>[0]);
  return entries;
}
