/** Exponential backoff: base, 2×base, 4×base … capped, so a restarted server is not stampeded. */
export function backoffDelay(attempt: number, baseMs = 1000, maxMs = 30_000): number {
  return Math.min(baseMs * 2 ** Math.max(0, attempt), maxMs);
}
