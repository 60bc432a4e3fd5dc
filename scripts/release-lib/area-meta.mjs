// Reads an area's metadata (remotes/<area>/src/expose/area.ts, `export const areaMeta: AreaMeta`)
// without webpack: the file is compiled with @swc/core to CommonJS and evaluated; a relative or
// workspace import of another .ts file is compiled the same way (area.ts should import types only).
// The result is validated with `areaMetaSchema` from packages/contracts/src/remotes.ts.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import vm from 'node:vm';
import { repoRoot } from './inputs.mjs';

const tsExtensions = ['.ts', '.tsx', '.mts', '.cts'];

function swcFrom(dir) {
  const req = createRequire(path.join(dir, 'package.json'));
  return req('@swc/core');
}

/**
 * Loads a TypeScript module and returns its exports. Node packages are required normally;
 * TypeScript files (relative imports, workspace packages whose `main` is a .ts file) are compiled.
 * @param {string} file absolute path of the .ts file
 * @param {{ swc: any, cache?: Map<string, any> }} o
 */
export function loadTs(file, o) {
  const cache = o.cache ?? (o.cache = new Map());
  if (cache.has(file)) return cache.get(file).exports;
  const src = fs.readFileSync(file, 'utf8');
  const { code } = o.swc.transformSync(src, {
    filename: file,
    swcrc: false,
    configFile: false,
    sourceMaps: false,
    module: { type: 'commonjs' },
    jsc: { parser: { syntax: 'typescript', tsx: file.endsWith('x') }, target: 'es2022' },
  });
  const module = { exports: {} };
  cache.set(file, module);
  const nodeRequire = createRequire(file);
  const localRequire = (request) => {
    let resolved = null;
    const base = request.startsWith('.') ? path.resolve(path.dirname(file), request) : null;
    if (base) {
      for (const c of [base, ...tsExtensions.map((e) => base + e), ...tsExtensions.map((e) => path.join(base, `index${e}`))]) {
        if (tsExtensions.some((e) => c.endsWith(e)) && fs.existsSync(c) && fs.statSync(c).isFile()) {
          resolved = c;
          break;
        }
      }
    } else {
      try {
        const r = nodeRequire.resolve(request);
        if (tsExtensions.some((e) => r.endsWith(e))) resolved = r;
      } catch {
        // Let the plain require below report it.
      }
    }
    return resolved ? loadTs(fs.realpathSync(resolved), o) : nodeRequire(request);
  };
  const fn = vm.runInThisContext(`(function (exports, require, module, __filename, __dirname) {${code}\n})`, { filename: file });
  fn(module.exports, localRequire, module, file, path.dirname(file));
  return module.exports;
}

/** path of the area's metadata source */
export const areaMetaFile = (area, root = repoRoot) => path.join(root, 'remotes', area, 'src', 'expose', 'area.ts');

function shapeProblems(meta, area) {
  const problems = [];
  if (!meta || typeof meta !== 'object') return ['areaMeta is not an object'];
  if (meta.area !== area) problems.push(`areaMeta.area is ${JSON.stringify(meta.area)}, expected "${area}"`);
  if (typeof meta.title !== 'string') problems.push('areaMeta.title is not a string');
  if (!Array.isArray(meta.prefixes) || meta.prefixes.length === 0) problems.push('areaMeta.prefixes is empty');
  if (!Array.isArray(meta.routes)) problems.push('areaMeta.routes is not an array');
  if (!Array.isArray(meta.menu)) problems.push('areaMeta.menu is not an array');
  return problems;
}

/**
 * The area's metadata as plain JSON, or null when the area has no area.ts yet.
 * Throws (with a readable message) when area.ts exists but is broken or invalid.
 */
export function readAreaMeta(area, { root = repoRoot, file = areaMetaFile(area, root) } = {}) {
  if (!fs.existsSync(file)) return null;
  const swc = swcFrom(path.join(root, 'remotes', area));
  const o = { swc };
  let meta;
  try {
    meta = loadTs(file, o).areaMeta;
  } catch (e) {
    throw new Error(`cannot evaluate ${path.relative(root, file)}: ${e instanceof Error ? e.message : e}`, { cause: e });
  }
  // JSON round trip: what lands in area.json and /remotes.json is data only.
  meta = JSON.parse(JSON.stringify(meta ?? null));
  let schema = null;
  try {
    schema = loadTs(path.join(root, 'packages/contracts/src/remotes.ts'), o).areaMetaSchema ?? null;
  } catch {
    // Contracts cannot be loaded here (no zod?): fall back to a shape check below.
  }
  if (schema) {
    const r = schema.safeParse(meta);
    if (!r.success) {
      const issues = r.error.issues.map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`).join('; ');
      throw new Error(`${path.relative(root, file)}: areaMeta does not match areaMetaSchema: ${issues}`);
    }
    if (r.data.area !== area) throw new Error(`${path.relative(root, file)}: areaMeta.area is "${r.data.area}", expected "${area}"`);
    return meta;
  }
  const problems = shapeProblems(meta, area);
  if (problems.length) throw new Error(`${path.relative(root, file)}: ${problems.join('; ')}`);
  return meta;
}
