// First: in a browser, zod must not probe `new Function` under the site's CSP (zod-config.ts).
import './zod-config';
export * from './errors';
export * from './phone';
export * from './primitives';
export * from './common';
export * from './rules';
export * from './entities';
export * from './auth';
export * from './location';
export * from './catalog';
export * from './stock';
export * from './clients';
export * from './finance';
export * from './audit';
export * from './realtime';
export * from './health';
export * from './remotes';
export * from './releases';
