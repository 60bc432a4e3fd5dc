/**
 * Kept for the forms not yet on `useZodForm`: the server's per-field messages onto a typed antd form.
 * The one implementation lives in @repo/ui (`setServerErrors`).
 */
export { setServerErrors as setServerFieldErrors } from '@repo/ui';
