import { z } from 'zod';
import { phoneSchema } from './phone';
import { safeText, secretText } from './primitives';

export const loginRequestSchema = z
  .object({
    phone: phoneSchema,
    password: secretText({ max: 200, messages: { required: 'Укажите пароль', tooLong: 'Слишком длинный пароль' } }),
  })
  .meta({ id: 'LoginRequest' });
export type LoginRequest = z.input<typeof loginRequestSchema>;

export const locationRefSchema = z.object({ id: z.string(), name: z.string() });
export type LocationRef = z.infer<typeof locationRefSchema>;

export const profileSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    phone: z.string(),
    position: z.string().nullable(),
    /** The employee's current location; null only when the employee may work nowhere. */
    location: locationRefSchema.nullable(),
    /** The locations this employee may work in. */
    locations: z.array(locationRefSchema),
    role: z.object({
      id: z.string(),
      name: z.string(),
      title: z.string(),
      rules: z.array(z.string()),
      /** The discount cap at the counter (% of a line); above it a manager confirms the sale. Absent from servers before sales. */
      maxDiscountPercent: z.number().int().optional(),
    }),
    /** Signed in with a temporary password: the interface asks for a new one before anything else (issue #22). */
    mustChangePassword: z.boolean().optional(),
  })
  .meta({ id: 'Profile' });
export type Profile = z.infer<typeof profileSchema>;

export const loginResponseSchema = z.object({ token: z.string(), profile: profileSchema }).meta({ id: 'LoginResponse' });
export type LoginResponse = z.infer<typeof loginResponseSchema>;

export const checkTokenResponseSchema = z.object({ status: z.enum(['valid', 'invalid']) }).meta({ id: 'CheckToken' });
export type CheckTokenResponse = z.infer<typeof checkTokenResponseSchema>;

/**
 * `GET /auth/bootstrap`: the seed's start-up (check the token; if valid, load the profile) in one round
 * trip: `check-token`'s status and, only when it is `valid`, the profile `GET /auth/me` would answer.
 */
export const authBootstrapResponseSchema = z
  .object({ status: z.enum(['valid', 'invalid']), profile: profileSchema.optional() })
  .meta({ id: 'AuthBootstrap' });
export type AuthBootstrapResponse = z.infer<typeof authBootstrapResponseSchema>;

export const updateProfileRequestSchema = z.object({
  name: safeText({ min: 2, max: 120, messages: { required: 'Укажите имя', tooShort: 'Имя должно быть не короче 2 символов', tooLong: 'Имя слишком длинное' } }),
});
export type UpdateProfileRequest = z.infer<typeof updateProfileRequestSchema>;

export const changePasswordRequestSchema = z
  .object({
    currentPassword: secretText({ max: 200, messages: { required: 'Укажите текущий пароль', tooLong: 'Слишком длинный пароль' } }),
    newPassword: secretText({
      min: 8,
      max: 200,
      messages: { required: 'Укажите новый пароль', tooShort: 'Пароль должен быть не короче 8 символов', tooLong: 'Слишком длинный пароль' },
    }),
  })
  .refine((v) => v.currentPassword !== v.newPassword, {
    path: ['newPassword'],
    message: 'Новый пароль совпадает с текущим',
  });
export type ChangePasswordRequest = z.infer<typeof changePasswordRequestSchema>;

export const sessionSchema = z.object({
  id: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string(),
  expiresAt: z.string(),
  userAgent: z.string().nullable(),
  ip: z.string().nullable(),
  current: z.boolean(),
});
export type Session = z.infer<typeof sessionSchema>;
export const sessionListSchema = z.object({ items: z.array(sessionSchema) });
export const revokeSessionsResponseSchema = z.object({ revoked: z.number().int() });
