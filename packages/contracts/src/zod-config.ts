import { z } from 'zod';
import { ruErrorMap } from './zod-ru';

/**
 * zod's settings for every consumer of the package, made once here: this module is the first import
 * of the package's index, before any schema, and zod keeps its settings on `globalThis`, so they cover
 * every bundle's copy of zod. Listed in `sideEffects` of package.json so webpack keeps it.
 *
 * - Messages in Russian (`zod-ru.ts`): a schema's own message still wins over the locale.
 * - In a browser, zod runs without `new Function`. The site's CSP (`script-src 'self'`, no
 *   `unsafe-eval`, docs/security.md) refuses it; zod catches the refusal, but the browser still
 *   reports a `securitypolicyviolation` for its probe. The server keeps the faster compiled parsers.
 */
z.config({ localeError: ruErrorMap });
if (typeof (globalThis as { window?: unknown }).window !== 'undefined') z.config({ jitless: true });
