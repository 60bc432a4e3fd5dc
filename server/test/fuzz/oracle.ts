import { errorResponseSchema, hasRule, type RequiredRule } from '@repo/contracts';
import type { FuzzRequest } from './mutations';

/** Who sent a request, as far as judging the answer goes. */
export interface Caller {
  /** Rules of the employee's role (null: nobody is signed in with a valid token). */
  rules: string[] | null;
  /** Locations the employee may work in (lower case). */
  allowed: string[];
  /** Ids that must never appear in an answer to this caller: other locations and their images (lower case). */
  foreign: string[];
  /** Ids public by design: the locations that take the site's requests (`GET /api/public/info` lists them). Not a leak in a public operation's answer. */
  published?: string[];
}

export interface Answer {
  status: number;
  headers: Record<string, unknown>;
  body: string;
}

/** A Russian letter: every text of an error answer has one. */
const cyrillic = /[а-яё]/i;
const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const norm = (v: string) => v.trim().toLowerCase();

/** Signs of a stack trace, a source path or a driver/database message in an answer. */
const stackSigns: Array<[string, RegExp]> = [
  ['stack frame', /\n\s+at \S/],
  ['stack frame', /\bat [\w$.<>]+ \([^)]*:\d+:\d+\)/],
  ['source path', /\.(ts|js|mjs|cjs):\d+/],
  ['node_modules', /node_modules/],
  ['server path', new RegExp(process.cwd().replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))],
];
const sqlSigns: Array<[string, RegExp]> = [
  ['SQL text', /\b(select|insert|update|delete)\b[\s\S]{0,200}\b(from|into|set|where|returning)\b/i],
  ['database message', /violates|duplicate key|syntax error|invalid input (syntax|value)|invalid byte sequence|out of range|relation "|column "|SQLSTATE|PGlite|postgres|drizzle|Failed query/i],
];

/** Every string the request carried, so an answer that repeats the caller's own input is not read as a leak. */
function requestStrings(req: FuzzRequest): string[] {
  const out: string[] = [...Object.values(req.params), ...req.query.flatMap(([k, v]) => [k, v]), ...Object.values(req.headers)];
  if (req.rawPath) out.push(req.rawPath);
  const walk = (v: unknown, depth: number) => {
    if (depth > 50) return;
    if (typeof v === 'string') out.push(v);
    else if (Array.isArray(v)) v.forEach((x) => walk(x, depth + 1));
    else if (v && typeof v === 'object') {
      for (const [k, x] of Object.entries(v)) {
        out.push(k);
        walk(x, depth + 1);
      }
    }
  };
  if (req.body.kind === 'json') walk(req.body.value, 0);
  if (req.body.kind === 'raw') {
    if (typeof req.body.payload === 'string' && req.body.payload.length < 100_000) out.push(req.body.payload);
    out.push(...Object.values(req.body.fields ?? {}));
  }
  const forms = new Set<string>();
  for (const s of out) {
    for (const form of [s, s.trim(), JSON.stringify(s).slice(1, -1), safeDecode(s)]) if (form.length >= 4) forms.add(form);
  }
  // Longest first, so a string is removed before a part of it.
  return [...forms].sort((a, b) => b.length - a.length);
}

function safeDecode(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

function withoutEcho(text: string, req: FuzzRequest): string {
  let out = text;
  for (const s of requestStrings(req)) if (out.includes(s)) out = out.split(s).join('');
  return out;
}

/** Whether the request names a foreign id where the operation acts: a path parameter or a `locationId` field. */
function targetsForeign(req: FuzzRequest, caller: Caller): boolean {
  const foreign = new Set(caller.foreign);
  const values = [...Object.values(req.params)];
  if (req.rawPath) values.push(...req.rawPath.split('/').map(safeDecode));
  if (req.body.kind === 'json' && req.body.value && typeof req.body.value === 'object' && !Array.isArray(req.body.value)) {
    const v = (req.body.value as Record<string, unknown>).locationId;
    if (typeof v === 'string') values.push(v);
  }
  if (req.body.kind === 'raw' && req.body.fields?.locationId) values.push(req.body.fields.locationId);
  return values.some((v) => foreign.has(norm(v)));
}

/**
 * What is wrong with an answer, or nothing. The expectations come from the request and the route
 * table alone: no 5xx; no success without a valid token, without the declared rule, with a `Shop`
 * the employee may not use, or aimed at a foreign id; no foreign id in any answer; errors in the
 * contract with a Russian message and a Russian text for every field; no stack trace or SQL.
 */
export function judge(req: FuzzRequest, caller: Caller, answer: Answer): string[] {
  const problems: string[] = [];
  const { op } = req;
  const ok = answer.status >= 200 && answer.status < 300;
  if (answer.status >= 500) problems.push(`${answer.status} server error`);

  if (ok) {
    if (!op.public && req.auth !== 'valid') problems.push(`success with token: ${req.auth}`);
    if (!op.public && req.auth === 'valid' && op.rule && caller.rules && !hasRule(caller.rules, op.rule as RequiredRule)) {
      problems.push(`success without the rule ${op.rule}`);
    }
    const shop = req.headers.shop;
    if (op.locationScoped && !(shop !== undefined && uuidPattern.test(shop.trim()) && caller.allowed.includes(norm(shop)))) {
      problems.push(`success with a Shop header the employee may not use (${shop ?? 'none'})`);
    }
    if (!op.public && targetsForeign(req, caller)) problems.push('success on a foreign location or its image');
  }

  const contentType = String(answer.headers['content-type'] ?? '');
  const binary = /^(image|application\/octet-stream)/.test(contentType);
  const text = binary ? JSON.stringify(answer.headers) : `${answer.body}\n${JSON.stringify(answer.headers)}`;
  // An answer that succeeded shows data: any foreign id in it is a leak, even one the caller sent.
  const searched = ok ? text.toLowerCase() : withoutEcho(text, req).toLowerCase();
  const leaked = caller.foreign.filter((id) => searched.includes(id) && !(op.public && caller.published?.includes(id)));
  if (leaked.length) problems.push(`foreign id in the answer: ${leaked.join(', ')}`);

  if (answer.status >= 400) {
    let parsed: { message?: unknown; code?: unknown; errors?: unknown } | null = null;
    try {
      parsed = JSON.parse(answer.body);
    } catch {
      problems.push('error answer is not JSON');
    }
    if (parsed) {
      if (!errorResponseSchema.safeParse(parsed).success) problems.push('error answer outside the contract { message, code, errors? }');
      else {
        // Staff read every text of an error: the message and each field's, none without a Russian word.
        if (!cyrillic.test(String(parsed.message))) problems.push('error without a Russian message');
        for (const [field, text] of Object.entries((parsed.errors ?? {}) as Record<string, string>)) {
          if (!cyrillic.test(text)) problems.push(`errors.${field} without a Russian message: ${text.slice(0, 120)}`);
        }
      }
    }
    if (!/application\/json/.test(contentType)) problems.push(`error answer of type ${contentType || 'none'}`);
    const cleaned = withoutEcho(text, req);
    for (const [name, re] of [...stackSigns, ...sqlSigns]) if (re.test(cleaned)) problems.push(`${name} in the error answer`);
  } else if (!binary) {
    // Successful answers carry stored data, which may hold any earlier fuzz string: only stack signs count.
    for (const [name, re] of stackSigns) if (re.test(withoutEcho(text, req))) problems.push(`${name} in the answer`);
  }
  return problems;
}
