import { z } from 'zod';

/**
 * Normalises a Russian phone number written in any common way
 * (`+7 (900) 000-00-01`, `8 900 000 00 01`, `9000000001`, `7-900-000-00-01`) to `+79000000001`.
 * Returns null when the input is not a Russian mobile or landline number.
 */
export function normalizePhone(input: string): string | null {
  const digits = input.replace(/[\s()\-.+]/g, '');
  if (!/^\d+$/.test(digits)) return null;
  let national: string;
  if (digits.length === 11 && (digits[0] === '7' || digits[0] === '8')) national = digits.slice(1);
  else if (digits.length === 10) national = digits;
  else return null;
  if (!/^[3-9]\d{9}$/.test(national)) return null;
  return `+7${national}`;
}

/** Formats `+79000000001` as `+7 (900) 000-00-01` for display. */
export function formatPhone(phone: string): string {
  const n = normalizePhone(phone);
  if (!n) return phone;
  return `+7 (${n.slice(2, 5)}) ${n.slice(5, 8)}-${n.slice(8, 10)}-${n.slice(10, 12)}`;
}

export const phoneSchema = z
  .string({ error: 'Укажите телефон' })
  .trim()
  .min(1, 'Укажите телефон')
  .transform((value, ctx) => {
    const phone = normalizePhone(value);
    if (!phone) {
      ctx.addIssue({ code: 'custom', message: 'Неверный формат телефона: +7 (XXX) XXX-XX-XX' });
      return z.NEVER;
    }
    return phone;
  });
