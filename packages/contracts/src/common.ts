import { z } from 'zod';
import { uuidSchema } from './primitives';

/** A uuid, lower-cased at the edge: an id in upper case names the same record (issue #7, item 9). */
export const idSchema = uuidSchema('Неверный идентификатор');
export const idParamsSchema = z.object({ id: idSchema });

/** A whole number from a query string, with Russian messages for what is not one. */
const queryInt = (tooBig: string) =>
  z.coerce
    .number({ error: 'Ожидается число' })
    .int({ error: (iss) => (iss.code === 'too_big' ? tooBig : 'Ожидается целое число') });

/** Offset pagination shared by every list endpoint. */
export const pageQuerySchema = z.object({
  // Capped so that (page - 1) * pageSize stays a sane OFFSET (a huge page is bigint overflow in SQL).
  page: queryInt('Слишком большой номер страницы').min(1, 'Номер страницы начинается с 1').max(100_000, 'Слишком большой номер страницы').default(1),
  pageSize: queryInt('Не больше 200 строк на странице').min(1, 'Не меньше 1 строки на странице').max(200, 'Не больше 200 строк на странице').default(50),
});
export type PageQuery = z.infer<typeof pageQuerySchema>;

export function pageOf<T extends z.ZodType>(item: T) {
  return z.object({ items: z.array(item), total: z.number().int(), page: z.number().int(), pageSize: z.number().int() });
}

export const okSchema = z.object({ ok: z.literal(true) });

/** A yes/no of a query string: `true` or `false`. */
export const queryFlag = z.enum(['true', 'false'], { error: 'Ожидается true или false' }).transform((v) => v === 'true');

/** A comma list of values of `values` in a query string (`status=new,in_progress`), repeats dropped; anything else is `message`. */
export const commaList = <T extends string>(values: readonly T[], message: string) =>
  z
    .string()
    .max(200, message)
    .transform((v, ctx) => {
      const parts = [...new Set(v.split(',').map((s) => s.trim()).filter(Boolean))];
      for (const p of parts) if (!(values as readonly string[]).includes(p)) ctx.addIssue({ code: 'custom', message });
      return parts as T[];
    });
