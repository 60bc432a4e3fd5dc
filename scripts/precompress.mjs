#!/usr/bin/env node
// Precompresses a build folder: for every text asset (.js .mjs .css .html .json .svg .map-less) over
// MIN_BYTES it writes `<file>.br` (brotli, quality 11) and `<file>.gz` (gzip, level 9) beside it.
// server/src/plugins/static.ts serves them by the request's Accept-Encoding (br, then gzip).
//
// Runs AFTER a bundle's content hash is taken (scripts/build-bundle.mjs): the copies are derived from
// the files already hashed, and hashDir() skips *.br / *.gz anyway.
//   node scripts/precompress.mjs <dir> [<dir> ...]
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import zlib from 'node:zlib';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Extensions worth compressing (images and fonts are compressed already). */
export const COMPRESSIBLE = /\.(js|mjs|cjs|css|html|json|svg|txt)$/i;
/** Below this, the headers cost about as much as the saving. */
export const MIN_BYTES = 1024;

function listFiles(dir) {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    return e.isDirectory() ? listFiles(p) : e.isFile() ? [p] : [];
  });
}

/**
 * Writes .br and .gz next to each compressible file of `dir` (recursively). A compressed copy that
 * would not be smaller than the original is not written (the server then sends the original).
 * @returns {Promise<{ files: number, bytes: number, br: number, gz: number }>}
 */
export async function precompressDir(dir) {
  const totals = { files: 0, bytes: 0, br: 0, gz: 0 };
  if (!fs.existsSync(dir)) return totals;
  const files = listFiles(dir).filter((f) => COMPRESSIBLE.test(f));
  for (const file of files) {
    const body = fs.readFileSync(file);
    for (const ext of ['.br', '.gz']) fs.rmSync(file + ext, { force: true });
    if (body.length < MIN_BYTES) continue;
    const [br, gz] = await Promise.all([
      brotli(body, {
        params: {
          [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
          [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
          [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
        },
      }),
      gzip(body, { level: zlib.constants.Z_BEST_COMPRESSION }),
    ]);
    totals.files += 1;
    totals.bytes += body.length;
    // Keep the original's mtime on the copies: ETag/Last-Modified then follow the original build.
    const { atime, mtime } = fs.statSync(file);
    if (br.length < body.length) {
      fs.writeFileSync(file + '.br', br);
      fs.utimesSync(file + '.br', atime, mtime);
      totals.br += br.length;
    }
    if (gz.length < body.length) {
      fs.writeFileSync(file + '.gz', gz);
      fs.utimesSync(file + '.gz', atime, mtime);
      totals.gz += gz.length;
    }
  }
  return totals;
}

const kb = (n) => `${(n / 1024).toFixed(0)} KB`;
export const describeTotals = (t) => `precompressed ${t.files} files: ${kb(t.bytes)} -> br ${kb(t.br)}, gz ${kb(t.gz)}`;

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const dirs = process.argv.slice(2);
  if (!dirs.length) {
    console.error('usage: node scripts/precompress.mjs <dir> [<dir> ...]');
    process.exit(2);
  }
  for (const dir of dirs) console.log(`${dir}: ${describeTotals(await precompressDir(path.resolve(dir)))}`);
}
