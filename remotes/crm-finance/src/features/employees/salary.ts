import { salaryRuleKindLabels, salarySchemeSchema, toKopecks, type SalaryRuleKind, type SalaryScheme } from '@repo/contracts';

/**
 * The salary scheme as the card edits it: the monthly base in roubles (the API keeps kopecks), one row per
 * commission rule. Checked with the contracts' `salarySchemeSchema` (its Russian messages), so the card
 * refuses exactly what the server refuses, each message on its own field.
 */
export interface SalaryRuleValues {
  kind?: SalaryRuleKind | null;
  percent?: number | null;
  categoryId?: string | null;
}
export interface SalaryValues {
  /** Roubles, as typed. */
  monthlyBase?: number | null;
  rules: SalaryRuleValues[];
}

export const schemeValues = (s: SalaryScheme | null | undefined): SalaryValues => ({
  monthlyBase: s ? s.monthlyBase / 100 : 0,
  rules: (s?.rules ?? []).map((r) => ({ kind: r.kind, percent: r.percent, categoryId: r.categoryId ?? null })),
});

/** The field path of a message inside the employee form (`['salary', 'rules', 0, 'percent']`). */
export type FieldPath = (string | number)[];

/**
 * The scheme to send, or the messages per field: a missing kind or percent, a percent outside 0–100 or
 * with more than two decimals, a negative or non-numeric base, and the same rule twice (it would pay the
 * commission twice).
 */
export function schemeOf(values: SalaryValues): { scheme: SalaryScheme; errors: null } | { scheme: null; errors: Array<{ name: FieldPath; message: string }> } {
  const errors: Array<{ name: FieldPath; message: string }> = [];
  const base = values.monthlyBase === null || values.monthlyBase === undefined ? 0 : toKopecks(values.monthlyBase);
  if (base === null) errors.push({ name: ['salary', 'monthlyBase'], message: 'Оклад — сумма от 0 ₽' });
  const rules = values.rules ?? [];
  rules.forEach((r, i) => {
    if (!r.kind) errors.push({ name: ['salary', 'rules', i, 'kind'], message: 'Выберите вид начисления' });
    if (r.percent === null || r.percent === undefined) errors.push({ name: ['salary', 'rules', i, 'percent'], message: 'Укажите процент' });
  });
  const seen = new Set<string>();
  rules.forEach((r, i) => {
    if (!r.kind) return;
    const key = `${r.kind}|${r.categoryId ?? ''}`;
    if (seen.has(key)) errors.push({ name: ['salary', 'rules', i, 'kind'], message: `Правило «${salaryRuleKindLabels[r.kind]}» для этой категории уже есть` });
    seen.add(key);
  });
  const candidate = { monthlyBase: base ?? 0, rules: rules.map((r) => ({ kind: r.kind, percent: r.percent, categoryId: r.categoryId || null })) };
  const parsed = salarySchemeSchema.safeParse(candidate);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const name: FieldPath = ['salary', ...issue.path.map((p) => (typeof p === 'number' ? p : String(p)))];
      if (!errors.some((e) => e.name.join('.') === name.join('.'))) errors.push({ name, message: issue.message });
    }
  }
  return errors.length || !parsed.success ? { scheme: null, errors } : { scheme: parsed.data, errors: null };
}

/** «Оклад 40 000 ₽ + 30% от работ» for the list and the statement's hints. */
export function describeScheme(s: SalaryScheme, money: (kopecks: number) => string): string {
  const parts = [s.monthlyBase ? `оклад ${money(s.monthlyBase)}` : null, ...s.rules.map((r) => `${String(r.percent).replace('.', ',')}% ${salaryRuleKindLabels[r.kind].replace(/^% /, '')}`)];
  return parts.filter(Boolean).join(' + ') || 'без оклада и процентов';
}
