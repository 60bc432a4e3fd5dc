import path from 'node:path';

export const repoRoot = path.resolve(__dirname, '../..');
/** The build under test: `DIST_DIR` (e.g. a private folder while others build), else the repository's dist/. */
export const distDir = path.resolve(process.env.DIST_DIR || path.join(repoRoot, 'dist'));
