import { performance } from 'node:perf_hooks';
import type { FastifyInstance } from 'fastify';

/** Shared by the benches: milliseconds as «12.3 ms», the p-th percentile, and a timed GET series. */
export const ms = (v: number) => `${v.toFixed(1)} ms`;

export const pct = (values: number[], p: number) => {
  const s = [...values].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)];
};

/**
 * `measure(label, url)`: 5 warm-up GETs, then `rounds` timed ones through `inject` (each must answer
 * 200), printed as one line «label p50 … p95 …».
 */
export function measurer(app: FastifyInstance, headers: Record<string, string>, rounds: number, pad = 48) {
  const get = async (url: string) => {
    const t = performance.now();
    const res = await app.inject({ method: 'GET', url, headers });
    if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
    return performance.now() - t;
  };
  return async (label: string, url: (i: number) => string) => {
    for (let i = 0; i < 5; i++) await get(url(i));
    const times: number[] = [];
    for (let i = 0; i < rounds; i++) times.push(await get(url(i)));
    console.log(`${label.padEnd(pad)} p50 ${ms(pct(times, 50))}  p95 ${ms(pct(times, 95))}`);
  };
}
