// Test helper: a copy of this checkout at another absolute path, without .git, dist and data.
// Sources are copied; node_modules trees are hard-linked (`cp -al`, fast and small) and their
// generated .federation folders dropped, so the copy resolves every package inside itself.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const skipTop = new Set(['.git', 'dist', 'data', 'node_modules', 'test-results', 'playwright-report']);

function copySources(src, dst, top = true) {
  fs.mkdirSync(dst, { recursive: true });
  for (const e of fs.readdirSync(src, { withFileTypes: true })) {
    if (e.name === 'node_modules' || (top && skipTop.has(e.name))) continue;
    const s = path.join(src, e.name);
    const d = path.join(dst, e.name);
    if (e.isDirectory()) copySources(s, d, false);
    else if (e.isSymbolicLink()) fs.symlinkSync(fs.readlinkSync(s), d);
    else if (e.isFile()) fs.copyFileSync(s, d);
  }
}

function nodeModulesDirs(dir, rel = '', depth = 0, out = []) {
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    if (!e.isDirectory() || e.name === '.git' || e.name === 'dist' || e.name === 'data') continue;
    if (e.name === 'node_modules') out.push(path.join(rel, e.name));
    else if (depth < 2) nodeModulesDirs(path.join(dir, e.name), path.join(rel, e.name), depth + 1, out);
  }
  return out;
}

/** Copies the checkout to `dst` (which must not exist). Returns `dst`. */
export function copyRepo(dst, src = repoRoot) {
  copySources(src, dst);
  for (const nm of nodeModulesDirs(src)) {
    execFileSync('cp', ['-al', path.join(src, nm), path.join(dst, nm)]);
    fs.rmSync(path.join(dst, nm, '.federation'), { recursive: true, force: true });
  }
  return dst;
}
