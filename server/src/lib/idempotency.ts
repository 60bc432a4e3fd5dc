import { createHash } from 'node:crypto';
import { financeMessages, financeLimits } from '@repo/contracts';
import { and, eq, sql } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { idempotencyKeys } from '../db/schema';
import type { Ctx } from './ctx';
import { AppError, conflict, invalidInput } from './errors';

/** What a money-moving call answers: the status code and the body, replayed as stored for a repeated key. */
export interface StoredAnswer<T> {
  statusCode: number;
  body: T;
}

/** The `Idempotency-Key` header: absent → null; present → 1..200 visible ASCII characters, or 400. */
export function idempotencyKeyOf(headers: Record<string, string | string[] | undefined>): string | null {
  const raw = headers['idempotency-key'];
  const value = Array.isArray(raw) ? raw[0] : raw;
  if (value === undefined) return null;
  const key = value.trim();
  if (key.length === 0 || key.length > financeLimits.idempotencyKeyMax || !/^[!-~]+$/.test(key)) {
    throw invalidInput({ 'Idempotency-Key': financeMessages.idempotencyKeyInvalid }, financeMessages.idempotencyKeyInvalid);
  }
  return key;
}

function hashOf(scope: string, request: unknown): string {
  return createHash('sha256').update(scope).update('\n').update(JSON.stringify(request ?? null)).digest('hex');
}

/**
 * Runs a money-moving call once per `Idempotency-Key` (server/docs/finance.md). Without a key it is just
 * the transaction. With one, the key row is inserted first, inside the same transaction
 * (`on conflict do nothing returning`): a second call with the same key blocks on that insert until the
 * first commits, then finds the row and answers the stored status and body; when the first rolled back
 * (an error), its key went with it and the second runs itself. The same key with a different request
 * (another route or body) is refused with 409. Keys are per employee.
 *
 * `scope` names the call (`POST /finance/operations`, with the id for calls on one record); `request`
 * is the validated body. The body is stored as JSON and the first caller gets the same JSON back, so
 * both answers are identical.
 */
export async function idempotent<T>(
  ctx: Ctx,
  key: string | null,
  scope: string,
  request: unknown,
  statusCode: number,
  run: (tx: Tx) => Promise<T>,
): Promise<StoredAnswer<T>> {
  if (key === null) {
    const body = await ctx.db.transaction(run);
    return { statusCode, body: JSON.parse(JSON.stringify(body)) as T };
  }
  const employeeId = ctx.auth.employeeId;
  const requestHash = hashOf(scope, request);
  return ctx.db.transaction(async (tx) => {
    const inserted = await tx.insert(idempotencyKeys).values({ employeeId, key, requestHash }).onConflictDoNothing().returning({ key: idempotencyKeys.key });
    if (inserted.length === 0) {
      const [row] = await tx
        .select()
        .from(idempotencyKeys)
        .where(and(eq(idempotencyKeys.employeeId, employeeId), eq(idempotencyKeys.key, key)));
      if (!row) throw new AppError(409, 'conflict', financeMessages.idempotencyKeyReused);
      if (row.requestHash !== requestHash) throw conflict(financeMessages.idempotencyKeyReused);
      if (row.statusCode === null) throw conflict('Запрос с этим ключом ещё выполняется, повторите позже');
      return { statusCode: row.statusCode, body: row.response as T };
    }
    const body = JSON.parse(JSON.stringify(await run(tx))) as T;
    await tx
      .update(idempotencyKeys)
      .set({ statusCode, response: sql`${JSON.stringify(body)}::jsonb` })
      .where(and(eq(idempotencyKeys.employeeId, employeeId), eq(idempotencyKeys.key, key)));
    return { statusCode, body };
  });
}
