import { z } from 'zod';

export const idSchema = z.uuid({ error: 'Неверный идентификатор' });
export const idParamsSchema = z.object({ id: idSchema });

/** Offset pagination shared by every list endpoint. */
export const pageQuerySchema = z.object({
  page: z.coerce.number().int().min(1, 'Номер страницы начинается с 1').default(1),
  pageSize: z.coerce.number().int().min(1).max(200, 'Не больше 200 строк на странице').default(50),
});
export type PageQuery = z.infer<typeof pageQuerySchema>;

export function pageOf<T extends z.ZodType>(item: T) {
  return z.object({ items: z.array(item), total: z.number().int(), page: z.number().int(), pageSize: z.number().int() });
}

export const okSchema = z.object({ ok: z.literal(true) });
