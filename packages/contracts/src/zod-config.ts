import { z } from 'zod';

/**
 * In a browser, zod runs without `new Function`. The site's CSP (`script-src 'self'`, no
 * `unsafe-eval`, docs/security.md) refuses it; zod catches the refusal, but the browser still reports
 * a `securitypolicyviolation` for its probe. zod reads the setting when a schema is created, so this
 * module is the first import of the package's index, before any schema; the setting lives on
 * `globalThis`, so it covers every bundle's copy of zod. Listed in `sideEffects` of package.json so
 * webpack keeps it. The server keeps the faster compiled parsers.
 */
if (typeof (globalThis as { window?: unknown }).window !== 'undefined') z.config({ jitless: true });
