import { z } from 'zod';

/** Machine-readable error codes; the client reacts to `unauthenticated` (sign out) and shows the message otherwise. */
export const errorCodes = [
  'invalid_credentials',
  'unauthenticated',
  'forbidden',
  'validation',
  'not_found',
  'conflict',
  'too_many_requests',
  /** A posting would take stock below zero (409); the message names every short product. */
  'insufficient_stock',
  /** An expense, transfer or cancellation would take a cashbox below zero (409); the message names the balance available. */
  'insufficient_funds',
  /** A client's phone is already another client's (409); saving again with `confirmDuplicate: true` keeps both. */
  'duplicate_phone',
  /** A repair order's status may not change to that one from its current status (409). */
  'status_not_allowed',
  /** A repair order cannot be issued (or a sale posted) with money owed without the right to issue on credit (409). */
  'payment_due',
  /** A sale's discount is over the seller's cap: a manager confirms it (`discountApproval`) (409). */
  'discount_approval_required',
  /** Receiving against a purchase order more than a line still expects (409); again with `allowOver: true` goes through. */
  'over_receipt',
  /** Signed in with a temporary password: every route but the profile, the password change and sign-out answers 403 with this code. */
  'password_change_required',
  /** A payout above what is owed to the employee (409); again with `confirm: true` pays an advance. */
  'payout_exceeds_due',
  /** Two shifts of one employee would overlap (409; any location). */
  'shift_overlap',
  /** An appointment overlaps another of the same employee (409); again with `force: true` books it. */
  'appointment_overlap',
  /** The request did not arrive in full within the server's time limit (408). */
  'timeout',
  'server_error',
] as const;
export type ErrorCode = (typeof errorCodes)[number];

/** The one error contract of every route: `{ message, code, errors? }`, messages in Russian. */
export const errorResponseSchema = z
  .object({
    message: z.string(),
    code: z.enum(errorCodes),
    /** Per-field messages, keyed by the field path joined with dots (`address.city`). */
    errors: z.record(z.string(), z.string()).optional(),
  })
  .meta({ id: 'Error' });
export type ErrorResponse = z.infer<typeof errorResponseSchema>;

/** Fixed Russian texts shared by server and client (seed-spec §8 and issue #2). */
export const messages = {
  invalidCredentials: 'Введен неверный логин или пароль',
  unauthenticated: 'Пользователь не авторизован',
  notFound: 'Запрос не найден',
  serverError: 'Ошибка сервера',
  connectionError: 'Ошибка соединения',
  validation: 'Проверьте правильность заполнения полей',
  malformedJson: 'Тело запроса не является корректным JSON',
  /** JSON that parsed, but is `null`, a list, a string or a number where the operation takes an object. */
  bodyNotObject: 'Тело запроса должно быть объектом JSON',
  unsupportedMediaType: 'Неподдерживаемый тип содержимого запроса',
  bodyTooLarge: 'Слишком большой объём данных в запросе',
  missingLocationId: 'Отсутствует ID магазина',
  locationSetError: 'Ошибка установки локации',
  locationRequired: 'Не выбран магазин: укажите магазин в заголовке Shop',
  locationForbidden: 'Нет доступа к выбранному магазину',
  malformedRequest: 'Некорректный HTTP-запрос',
  malformedUrl: 'Некорректный адрес запроса',
  headersTooLarge: 'Слишком большие заголовки запроса',
  requestTimeout: 'Запрос не получен полностью за отведённое время',
  invalidCharacters: 'Недопустимые символы в запросе',
} as const;
