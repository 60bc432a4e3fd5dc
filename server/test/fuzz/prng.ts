/**
 * A small seeded PRNG (mulberry32), so every fuzz run with the same seed sends the same requests in
 * the same order. `Math.random` is never used by the suite.
 */
export interface Rng {
  /** A float in [0, 1). */
  next(): number;
  /** An integer in [0, n). */
  int(n: number): number;
  pick<T>(items: readonly T[]): T;
  /** A copy in random order. */
  shuffle<T>(items: readonly T[]): T[];
  /** A well-formed version-4 uuid made of the generator's bits (lower case). */
  uuid(): string;
  /** Letters and digits, `length` of them. */
  word(length: number): string;
}

/** FNV-1a: turns the run seed and a label (role, operation) into the seed of an independent stream. */
export function hashSeed(...parts: Array<string | number>): number {
  let h = 0x811c9dc5;
  for (const ch of parts.join('\u241f')) {
    h ^= ch.charCodeAt(0);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h >>> 0;
}

export function createRng(seed: number): Rng {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (n: number) => Math.floor(next() * n);
  const hex = (n: number) => Array.from({ length: n }, () => '0123456789abcdef'[int(16)]).join('');
  return {
    next,
    int,
    pick: (items) => items[int(items.length)],
    shuffle(items) {
      const out = [...items];
      for (let i = out.length - 1; i > 0; i--) {
        const j = int(i + 1);
        [out[i], out[j]] = [out[j], out[i]];
      }
      return out;
    },
    uuid: () => `${hex(8)}-${hex(4)}-4${hex(3)}-${'89ab'[int(4)]}${hex(3)}-${hex(12)}`,
    word: (length) => Array.from({ length }, () => 'abcdefghijklmnopqrstuvwxyz0123456789'[int(36)]).join(''),
  };
}
