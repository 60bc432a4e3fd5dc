/**
 * In a browser bundle (jsdom here), the contracts package configures zod as it does on the server:
 * a schema's default message is Russian, for the contracts' schemas and for a bundle's own, and the
 * browser-only setting (no `new Function` under the CSP) is on too, so this is the browser's branch.
 * The form rules (zod-form.ts) keep their own short words, which rank above the locale.
 */
import { createCreditOfferRequestSchema, createSaleRequestSchema } from '@repo/contracts';
import { z } from 'zod';
import { zodFieldMessage } from '../zod-form';

const cyrillic = /[а-яё]/i;

describe('zod messages in the browser', () => {
  it('runs the contracts’ zod settings in the browser: jitless and Russian', () => {
    expect(typeof window).toBe('object');
    expect(z.config().jitless).toBe(true);
    const sale = createSaleRequestSchema.safeParse({ lines: 'x' });
    expect(sale.error?.issues.find((i) => i.path.join('.') === 'lines')?.message).toBe('Ожидается список, а не строка');
    expect(z.object({ qty: z.number().max(10) }).safeParse({ qty: 11 }).error?.issues[0].message).toBe('Не больше 10');
  });

  it('checks a whole request before sending with Russian texts only (the credit offer form does this)', () => {
    const parsed = createCreditOfferRequestSchema.safeParse({ name: 1, terms: 'x', minAmount: 'много' });
    expect(parsed.success).toBe(false);
    for (const issue of parsed.error!.issues) expect([issue.path.join('.'), cyrillic.test(issue.message)]).toEqual([issue.path.join('.'), true]);
  });

  it('leaves the form rules their own words', () => {
    expect(zodFieldMessage(z.string().max(3), 'abcd')).toBe('Не длиннее 3 символов');
    expect(zodFieldMessage(z.string(), undefined)).toBe('Заполните поле');
  });
});
