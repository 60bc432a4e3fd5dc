import { fieldErrors, type FieldErrorEntry } from '@repo/shared-core';
import { Form, type FormInstance, type FormRule } from 'antd';
import { useMemo } from 'react';
import type { z } from 'zod';

/**
 * antd form rules derived from the contracts' zod schemas, so a form checks exactly what the server
 * checks, with the schema's own Russian messages, and no rule is typed twice.
 *
 *   const { form, field, setServerErrors } = useZodForm(createLocationRequestSchema);
 *   <Form form={form} …>
 *     <Form.Item label="Название" {...field('name')}><Input /></Form.Item>
 *   onError: (e) => setServerErrors(e)
 */

type Issue = { code?: string; input?: unknown; minimum?: unknown; maximum?: unknown; origin?: string; format?: string };

// A form's short words for what a schema leaves to the contracts' Russian error map («Заполните поле» at a
// field rather than «Обязательное поле»). A message the schema states itself always wins over these (zod's
// precedence: schema > per-parse > locale).
const fallbackMessages = new Set<string>();
function fallback(iss: Issue): string {
  const text = (() => {
    if (iss.code === 'invalid_type' && (iss.input === undefined || iss.input === null)) return 'Заполните поле';
    if (iss.code === 'too_small' && iss.origin === 'string') return Number(iss.minimum) <= 1 ? 'Заполните поле' : `Не короче ${iss.minimum} символов`;
    if (iss.code === 'too_big' && iss.origin === 'string') return `Не длиннее ${iss.maximum} символов`;
    if (iss.code === 'too_small') return `Не меньше ${iss.minimum}`;
    if (iss.code === 'too_big') return `Не больше ${iss.maximum}`;
    if (iss.code === 'invalid_format') return 'Неверный формат';
    return 'Неверное значение';
  })();
  fallbackMessages.add(text);
  return text;
}

const isBlank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

/**
 * The first message the field schema gives for a value, or null when it accepts it. An empty input
 * means "not set": an optional field accepts it, a required one says what the schema says about a
 * missing value (`z.string({ error: 'Укажите название' })`), or else about the empty string.
 */
export function zodFieldMessage(schema: z.ZodType, value: unknown): string | null {
  const parse = (v: unknown) => schema.safeParse(v, { error: (iss) => fallback(iss as Issue) });
  if (isBlank(value)) {
    const missing = parse(undefined);
    if (missing.success) return null;
    const said = missing.error.issues[0]?.message;
    if (said && !fallbackMessages.has(said)) return said;
    const empty = parse(typeof value === 'string' ? value : '');
    if (!empty.success) return empty.error.issues[0]?.message ?? said ?? null;
    // The schema takes '' but not "nothing": an untouched field still needs a value.
    return value === undefined || value === null ? (said ?? null) : null;
  }
  const result = parse(value);
  return result.success ? null : (result.error.issues[0]?.message ?? null);
}

/** Whether the field schema needs a value (antd's required mark). */
export function isZodRequired(schema: z.ZodType): boolean {
  return !schema.safeParse(undefined).success;
}

/**
 * The schema's maximum length for a text field (through `.nullish()`, `.optional()` and transforms),
 * for the input's `maxLength`, so the limit is not typed a second time.
 */
export function zodMaxLength(schema: z.ZodType): number | undefined {
  let node: unknown = schema;
  for (let depth = 0; node && depth < 10; depth++) {
    const max = (node as { maxLength?: unknown }).maxLength;
    if (typeof max === 'number') return max;
    const def = (node as { _zod?: { def?: { type?: string; in?: unknown; innerType?: unknown } } })._zod?.def;
    node = def?.type === 'pipe' ? def.in : def?.innerType;
  }
  return undefined;
}

/** One antd rule that runs a field's zod schema: `rules={[zodRule(schema.shape.name)]}`. */
export function zodRule(schema: z.ZodType): FormRule {
  return {
    validator: async (_rule, value) => {
      const message = zodFieldMessage(schema, value);
      if (message) throw new Error(message);
    },
  };
}

type Shape = Record<string, z.ZodType>;
type ObjectSchema = z.ZodType & { shape: Shape };

/**
 * The rule for the schema's own cross-field checks (`.refine(…, { path: ['newPassword'] })`): runs
 * the whole object on the form's values and reports the refinement issues aimed at this field.
 * Field-level issues are left to the field's rule, so a message is never shown twice.
 */
export function zodObjectRule(schema: ObjectSchema, name: string): FormRule {
  return ({ getFieldsValue }) => ({
    validator: async () => {
      const values = getFieldsValue(Object.keys(schema.shape)) as Record<string, unknown>;
      const result = schema.safeParse(values, { error: (iss) => fallback(iss as Issue) });
      if (result.success) return;
      const hit = result.error.issues.find((i) => i.code === 'custom' && i.path.length > 0 && String(i.path[0]) === name);
      if (hit) throw new Error(hit.message);
    },
  });
}

export interface ZodFields<S extends ObjectSchema> {
  /** antd rules per field of the schema. */
  rules: { [K in keyof S['shape']]: FormRule[] };
  /** Whether each field needs a value (antd's required mark; `requiredMark="optional"` labels the rest). */
  required: { [K in keyof S['shape']]: boolean };
  /** The schema's maximum length of each text field, for the input's `maxLength`. */
  maxLength: { [K in keyof S['shape']]: number | undefined };
  /** Spread into a Form.Item: `{ name, rules, required }`. */
  field: (name: keyof S['shape'] & string) => { name: string; rules: FormRule[]; required: boolean };
}

/** Rules for every field of an object schema (without a form instance: for class-free use and tests). */
export function zodFields<S extends ObjectSchema>(schema: S): ZodFields<S> {
  const rules = {} as Record<string, FormRule[]>;
  const required = {} as Record<string, boolean>;
  const maxLength = {} as Record<string, number | undefined>;
  const refined = hasRefinements(schema);
  for (const [name, fieldSchema] of Object.entries(schema.shape)) {
    rules[name] = refined ? [zodRule(fieldSchema), zodObjectRule(schema, name)] : [zodRule(fieldSchema)];
    required[name] = isZodRequired(fieldSchema);
    maxLength[name] = zodMaxLength(fieldSchema);
  }
  return {
    rules: rules as ZodFields<S>['rules'],
    required: required as ZodFields<S>['required'],
    maxLength: maxLength as ZodFields<S>['maxLength'],
    field: (name) => ({ name, rules: rules[name], required: required[name] }),
  };
}

function hasRefinements(schema: ObjectSchema): boolean {
  const checks = (schema as unknown as { _zod?: { def?: { checks?: unknown[] } } })._zod?.def?.checks;
  return Array.isArray(checks) && checks.length > 0;
}

/**
 * Puts the server's per-field messages (`errors` of the error contract) onto the form's fields.
 * Returns the entries, so a caller can tell whether any field got one (the rest is already a toast:
 * the API client notifies every failed request).
 */
export function setServerErrors<T>(form: FormInstance<T>, error: unknown): FieldErrorEntry[] {
  const entries = fieldErrors(error);
  if (entries.length) form.setFields(entries as Parameters<FormInstance<T>['setFields']>[0]);
  return entries;
}

/** A form instance plus the schema's rules and a bound `setServerErrors`. */
export function useZodForm<S extends ObjectSchema, V = z.input<S>>(schema: S, form?: FormInstance<V>) {
  const [instance] = Form.useForm<V>(form);
  const fields = useMemo(() => zodFields(schema), [schema]);
  return { form: instance, ...fields, setServerErrors: (error: unknown) => setServerErrors(instance, error) };
}
