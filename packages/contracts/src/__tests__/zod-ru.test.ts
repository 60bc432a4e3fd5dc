/**
 * zod's default messages in Russian for every consumer of the package (zod-config.ts, zod-ru.ts):
 * importing the package is enough, a schema's own message still wins, and no issue zod can raise
 * falls back to English.
 */
import { z } from 'zod';
import { createSaleRequestSchema, messages } from '..';
import { plural, ruErrorMap } from '../zod-ru';

const cyrillic = /[а-яё]/i;
const messagesOf = (schema: z.ZodType, value: unknown) => (schema.safeParse(value).error?.issues ?? []).map((i) => i.message);

describe('zod in Russian', () => {
  it('is configured by importing the package, for the package’s schemas and anyone’s', () => {
    expect(z.config().localeError).toBe(ruErrorMap);
    const sale = createSaleRequestSchema.safeParse({ lines: 'x' });
    expect(sale.error?.issues.find((i) => i.path.join('.') === 'lines')?.message).toBe('Ожидается список, а не строка');
    expect(messagesOf(z.object({ n: z.number() }), null)).toEqual(['Ожидается объект, а не пустое значение (null)']);
    expect(messagesOf(z.object({ n: z.number() }), {})).toEqual(['Обязательное поле']);
  });

  it('reads well: lengths, numbers, lists, formats, choices, extra fields', () => {
    const schema = z
      .object({
        name: z.string().max(3),
        code: z.string().min(2),
        title: z.string().min(1),
        qty: z.number().int().min(1).max(21),
        price: z.number().positive(),
        kind: z.enum(['good', 'service']),
        email: z.email(),
        id: z.uuid(),
        lines: z.array(z.string()).min(1),
        tags: z.array(z.string()).max(2),
        step: z.number().multipleOf(5),
      })
      .strict();
    const result = schema.safeParse({ name: 'abcd', code: 'a', title: '', qty: 0.5, price: 0, kind: 'x', email: 'no', id: '1', lines: [], tags: ['a', 'b', 'c'], step: 7, extra: 1 });
    const byField = Object.fromEntries(result.error!.issues.map((i) => [i.path.join('.') || '_', i.message]));
    expect(byField).toEqual({
      name: 'Не длиннее 3 символов',
      code: 'Не короче 2 символов',
      title: 'Заполните поле',
      qty: 'Ожидается целое число',
      price: 'Должно быть больше 0',
      kind: 'Допустимые значения: «good», «service»',
      email: 'Неверный адрес электронной почты',
      id: 'Неверный идентификатор',
      lines: 'Нужен хотя бы один элемент',
      tags: 'Не больше 2 элементов',
      step: 'Должно быть кратно 5',
      _: 'Лишнее поле: extra',
    });
    expect(messagesOf(z.string().max(1), 'ab')).toEqual(['Не длиннее 1 символа']);
    expect(messagesOf(z.number().max(10), 11)).toEqual(['Не больше 10']);
    expect(messagesOf(z.boolean(), 'да')).toEqual(['Ожидается логическое значение (true или false), а не строка']);
    expect([plural(1, 'a', 'b', 'c'), plural(3, 'a', 'b', 'c'), plural(11, 'a', 'b', 'c'), plural(22, 'a', 'b', 'c'), plural(25, 'a', 'b', 'c')]).toEqual(['a', 'b', 'c', 'b', 'c']);
  });

  it('keeps a schema’s own message, and a per-parse one, over the locale', () => {
    expect(messagesOf(z.string({ error: 'Укажите название' }), undefined)).toEqual(['Укажите название']);
    expect(messagesOf(z.string().max(3, 'Слишком длинное название'), 'abcd')).toEqual(['Слишком длинное название']);
    expect(z.string().safeParse(1, { error: () => 'Своё' }).error?.issues[0].message).toBe('Своё');
    expect(messages.bodyNotObject).toBe('Тело запроса должно быть объектом JSON');
  });

  it('never answers in English, whatever the issue', () => {
    const samples: Array<[z.ZodType, unknown]> = [
      [z.union([z.string(), z.number()]), true],
      [z.discriminatedUnion('k', [z.object({ k: z.literal('a') }), z.object({ k: z.literal('b') })]), { k: 'c' }],
      [z.literal('x'), 'y'],
      [z.record(z.enum(['a']), z.string()), { b: 'x' }],
      [z.map(z.string(), z.number()), new Map([['a', 'x']])],
      [z.set(z.number()), new Set(['x'])],
      [z.string().regex(/^\d+$/), 'x'],
      [z.string().startsWith('a'), 'b'],
      [z.iso.datetime(), 'x'],
      [z.iso.date(), 'x'],
      [z.date().min(new Date('2020-01-01')), new Date('2019-01-01')],
      [z.bigint(), 1],
      [z.nan(), 1],
      [z.tuple([z.string()]), [1, 2]],
      [z.custom<string>((v) => typeof v === 'string'), 1],
      [z.string().refine((v) => v === 'a'), 'b'],
      [z.file(), 'x'],
    ];
    for (const [schema, value] of samples) {
      const texts = messagesOf(schema, value);
      expect(texts.length).toBeGreaterThan(0);
      for (const text of texts) expect([text, cyrillic.test(text)]).toEqual([text, true]);
    }
  });
});
