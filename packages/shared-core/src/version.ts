/**
 * The version of this federated singleton (package.json `version`; a test keeps them equal).
 * shared-core only grows additively: a remote built against 0.2.0 may use exports 0.1.0 lacks, so the
 * host's loader refuses a remote whose required shared-core version is above this one.
 */
export const sharedCoreVersion = '0.1.0';

/** `-1`, `0` or `1` comparing dotted numeric versions (`0.10.0` > `0.9.3`); a pre-release tag is ignored. */
export function compareVersions(a: string, b: string): number {
  const parse = (v: string) => v.replace(/^[^\d]*/, '').split(/[-+]/)[0].split('.').map((n) => Number.parseInt(n, 10) || 0);
  const x = parse(a);
  const y = parse(b);
  for (let i = 0; i < Math.max(x.length, y.length); i++) {
    const d = (x[i] ?? 0) - (y[i] ?? 0);
    if (d) return d < 0 ? -1 : 1;
  }
  return 0;
}
