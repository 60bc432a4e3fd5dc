import { randomBytes } from 'node:crypto';
import bwipjs from 'bwip-js/node';
import { Liquid, LiquidError, Tag, type TagToken, type TopLevelToken } from 'liquidjs';
import numberToWords from 'number-to-words-ru';
import { formatKopecks } from '@repo/contracts';

/**
 * The Liquid engine of printed documents (server/docs/templates.md). A template sees plain data only
 * (no functions, no prototypes: `ownPropertyOnly`), every output is HTML-escaped and `raw` cannot undo
 * that, there is no file system (`templates: {}`; `include`, `render` and `layout` are refused when the
 * template is parsed), unknown filters are parse errors, and parse length, render time and memory are
 * limited. The rendered HTML is sanitised by the caller.
 */

export const renderLimits = {
  /** Characters parsed (a body is at most 100 000). */
  parse: 200_000,
  /** Milliseconds of rendering. */
  renderMs: 1_000,
  /** liquidjs' allocation units (ranges, arrays, strings built by filters). */
  memory: 20_000_000,
  /** Characters of the rendered document before barcodes go in. */
  output: 2_000_000,
} as const;

export const MOSCOW = 'Europe/Moscow';

/** Kopecks as «1 200,00 ₽» (`formatKopecks` of the contracts); empty for what is not a number. */
export function rub(kopecks: unknown): string {
  const n = toNumber(kopecks);
  return n === null ? '' : formatKopecks(n);
}

/** Kopecks in words: 120000 → «Одна тысяча двести рублей 00 копеек», 2101 → «Двадцать один рубль 01 копейка». */
export function words(kopecks: unknown): string {
  const n = toNumber(kopecks);
  if (n === null) return '';
  const abs = Math.round(Math.abs(n));
  const text = `${n < 0 ? '-' : ''}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
  return numberToWords.convert(text, { currency: 'rub' });
}

function toNumber(value: unknown): number | null {
  if (value === null || value === undefined || value === '' || typeof value === 'boolean') return null;
  const n = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(n) ? n : null;
}

const moscowParts = new Intl.DateTimeFormat('ru-RU', { timeZone: MOSCOW, day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });

function moscow(value: unknown): Record<string, string> | null {
  if (value === null || value === undefined || value === '') return null;
  const date = value instanceof Date ? value : typeof value === 'string' || typeof value === 'number' ? new Date(value) : null;
  if (!date || Number.isNaN(date.getTime())) return null;
  return Object.fromEntries(moscowParts.formatToParts(date).map((p) => [p.type, p.value]));
}

/** An ISO date as «25.11.2026» (Moscow time); empty for a missing or invalid date. */
export function ruDate(value: unknown): string {
  const p = moscow(value);
  return p ? `${p.day}.${p.month}.${p.year}` : '';
}

/** An ISO date as «25.11.2026 14:30» (Moscow time). */
export function ruDateTime(value: unknown): string {
  const p = moscow(value);
  return p ? `${p.day}.${p.month}.${p.year} ${p.hour}:${p.minute}` : '';
}

/** A tag the documents do not have: refused when the template is parsed (they would read other templates). */
function refusedTag(name: string) {
  return class extends Tag {
    constructor(token: TagToken, remainTokens: TopLevelToken[], liquid: Liquid) {
      super(token, remainTokens, liquid);
      throw new Error(`тег {% ${name} %} не поддерживается: документ — один шаблон`);
    }
    render() {}
  };
}

function createEngine(): Liquid {
  const liquid = new Liquid({
    outputEscape: 'escape',
    strictFilters: true,
    ownPropertyOnly: true,
    templates: {},
    relativeReference: false,
    dynamicPartials: false,
    parseLimit: renderLimits.parse,
    renderLimit: renderLimits.renderMs,
    memoryLimit: renderLimits.memory,
    timezoneOffset: MOSCOW,
    locale: 'ru-RU',
    cache: false,
  });
  for (const name of ['include', 'render', 'layout']) liquid.registerTag(name, refusedTag(name));
  // `raw` would skip the output escaping: here it is a plain filter, so its result is escaped too.
  liquid.registerFilter('raw', (value: unknown) => value);
  liquid.registerFilter('rub', rub);
  liquid.registerFilter('words', words);
  liquid.registerFilter('ru_date', ruDate);
  liquid.registerFilter('ru_datetime', ruDateTime);
  return liquid;
}

export const engine = createEngine();

/** The field error of a template that does not parse: Russian, with the line and position. */
export class TemplateError extends Error {
  constructor(
    readonly stage: 'parse' | 'render',
    message: string,
  ) {
    super(message);
  }
}

const translations: Array<[RegExp, (m: RegExpMatchArray) => string]> = [
  [/^undefined filter: (.+)$/, (m) => `неизвестный фильтр «${m[1]}»`],
  [/^tag "(.+)" not found$/, (m) => `неизвестный тег «${m[1]}»`],
  [/^tag (.+) not closed$/, (m) => `не закрыт тег ${m[1]}`],
  [/^output (.+) not closed$/, (m) => `не закрыт вывод ${m[1]}`],
  [/^invalid value expression: (.*)$/, (m) => `неверное выражение ${m[1]}`],
  [/^unexpected token/, () => 'неверное выражение'],
  [/^template render limit exceeded$/, () => `заполнение заняло больше ${renderLimits.renderMs / 1000} с — проверьте циклы`],
  [/^memory alloc limit exceeded$|^Invalid string length$|^Invalid array length$/, () => 'документ получается слишком большим — проверьте циклы'],
  [/^parse length limit exceeded$/, () => 'шаблон слишком длинный'],
];

/** A liquidjs error as a Russian detail: «неизвестный фильтр «money» (строка 3, позиция 12)». */
export function describeLiquidError(err: unknown): string {
  const raw = err instanceof Error ? err.message : String(err);
  const where = /, line:(\d+), col:(\d+)$/.exec(raw);
  const message = where ? raw.slice(0, where.index) : raw;
  const original = (err as { originalError?: Error }).originalError?.message;
  const base = (original && !/^[a-z ]+, line:/.test(original) ? original : message).replace(/, line:\d+, col:\d+$/, '');
  const found = translations.find(([re]) => re.test(base));
  const text = found ? found[1](base.match(found[0])!) : /[а-яё]/i.test(base) ? base : `ошибка шаблона (${base})`;
  return where ? `${text} (строка ${where[1]}, позиция ${where[2]})` : text;
}

/** Parsed bodies by their text (a parsed template is reused across renders); the 100 most recent. */
const parsed = new Map<string, ReturnType<Liquid['parse']>>();

/** Parses a body: `TemplateError('parse')` with the Russian detail when it does not. */
export function parseTemplate(body: string) {
  const hit = parsed.get(body);
  if (hit) return hit;
  try {
    const template = engine.parse(body);
    if (parsed.size >= 100) parsed.delete(parsed.keys().next().value!);
    parsed.set(body, template);
    return template;
  } catch (err) {
    if (err instanceof LiquidError || err instanceof Error) throw new TemplateError('parse', describeLiquidError(err));
    throw err;
  }
}

/**
 * Values the escaped output must not touch (barcode SVG built here): the template gets a mark that only
 * this render knows (a random nonce), and the mark is replaced by the markup after rendering; the whole
 * document is sanitised after that, so the SVG passes the same allowlist as everything else.
 */
export class TrustedMarkup {
  private readonly nonce = randomBytes(8).toString('hex');
  private readonly values: string[] = [];

  mark(markup: string): string {
    return `[[markup:${this.nonce}:${this.values.push(markup) - 1}]]`;
  }

  fill(html: string): string {
    const re = new RegExp(`\\[\\[markup:${this.nonce}:(\\d+)\\]\\]`, 'g');
    return html.replace(re, (_m, i: string) => this.values[Number(i)] ?? '');
  }
}

/** Renders a body with the data: `TemplateError` with the Russian detail when it does not parse or render. */
export async function renderTemplate(body: string, data: Record<string, unknown>): Promise<string> {
  const template = parseTemplate(body);
  let html: string;
  try {
    html = await engine.render(template, data);
  } catch (err) {
    throw new TemplateError('render', describeLiquidError(err));
  }
  if (html.length > renderLimits.output) throw new TemplateError('render', 'документ получается слишком большим — проверьте циклы');
  return html;
}

// ---------------------------------------------------------------------------------------------------
// Barcodes

/** Whether a code is an EAN-13 with a valid check digit. */
export function isEan13(code: string): boolean {
  if (!/^\d{13}$/.test(code)) return false;
  const sum = [...code.slice(0, 12)].reduce((s, d, i) => s + Number(d) * (i % 2 === 0 ? 1 : 3), 0);
  return (10 - (sum % 10)) % 10 === Number(code[12]);
}

const barcodeCache = new Map<string, string>();

/**
 * A barcode as SVG (bwip-js): EAN-13 when the code is one (13 digits, valid check digit), else Code 128.
 * Empty for a code bwip-js cannot draw. The last 500 are cached (labels print the same goods again).
 */
export function barcodeSvg(code: string | null | undefined): string {
  if (!code) return '';
  const cached = barcodeCache.get(code);
  if (cached !== undefined) return cached;
  let svg: string;
  try {
    svg = bwipjs.toSVG({ bcid: isEan13(code) ? 'ean13' : 'code128', text: code, includetext: true, textxalign: 'center', height: 10, scale: 2 });
  } catch {
    svg = '';
  }
  if (barcodeCache.size >= 500) barcodeCache.delete(barcodeCache.keys().next().value as string);
  barcodeCache.set(code, svg);
  return svg;
}
