import { formatPhone, normalizePhone, originSchema, shopLimits, shopMessages, type PutShopSettingsRequest, type ShopSettings } from '@repo/contracts';
import { fieldErrors } from '@repo/shared-core';
import type { FormInstance } from 'antd';

/** The form's values: the phone as typed (masked), the origins as tags. */
export interface SettingsValues {
  siteName: string;
  phone?: string;
  requestLocationIds: string[];
  allowedOrigins: string[];
  requestsOpen: boolean;
  timezone: string;
}

export const defaultTimezone = 'Europe/Moscow';

export const valuesOf = (s: ShopSettings): SettingsValues => ({
  siteName: s.siteName,
  phone: s.phone ? formatPhone(s.phone) : '',
  requestLocationIds: s.requestLocationIds,
  allowedOrigins: s.allowedOrigins,
  requestsOpen: s.requestsOpen,
  timezone: s.timezone || defaultTimezone,
});

/**
 * The PUT body: trimmed name, the phone as `+7XXXXXXXXXX` (none when the field is empty or holds only the
 * mask's `+7`), origins trimmed, lower-cased and without repeats.
 */
export function toSettingsBody(v: SettingsValues): PutShopSettingsRequest {
  const digits = (v.phone ?? '').replace(/\D/g, '');
  return {
    siteName: v.siteName?.trim() ?? '',
    phone: digits.length <= 1 ? null : (normalizePhone(v.phone ?? '') ?? (v.phone ?? '').trim()),
    requestLocationIds: [...new Set(v.requestLocationIds ?? [])],
    allowedOrigins: [...new Set((v.allowedOrigins ?? []).map((o) => o.trim().toLowerCase()).filter(Boolean))],
    requestsOpen: !!v.requestsOpen,
    timezone: v.timezone,
  };
}

/** The first origin the contract refuses, as «ftp://x: Адрес сайта: …», or null. */
export function originsMessage(origins: readonly string[] | undefined): string | null {
  const list = origins ?? [];
  if (list.length > shopLimits.originsMax) return shopMessages.tooManyOrigins;
  for (const o of list) {
    if (!originSchema.safeParse(o).success) return `${o}: ${shopMessages.originInvalid}`;
  }
  return null;
}

/**
 * The server's field errors on the form: a list entry's message (`allowedOrigins.2`) goes on the list's
 * field, naming the entry. Returns whether any field got one (the toast has said the rest).
 */
export function putSettingsErrors(form: FormInstance, error: unknown, values?: SettingsValues): boolean {
  const byField = new Map<string, string[]>();
  for (const e of fieldErrors(error)) {
    const [field, index] = e.name;
    const name = String(field);
    const entry = typeof index === 'number' ? (values?.[name as 'allowedOrigins']?.[index] ?? null) : null;
    const text = entry && name === 'allowedOrigins' ? `${entry}: ${e.errors[0]}` : e.errors[0];
    byField.set(name, [...(byField.get(name) ?? []), text]);
  }
  if (byField.size) form.setFields([...byField].map(([name, errors]) => ({ name, errors })) as never);
  return byField.size > 0;
}

/** IANA zones of Russia (and neighbours), with the cities people know them by. */
export const timezones: { value: string; label: string }[] = [
  { value: 'Europe/Kaliningrad', label: 'Калининград (UTC+2)' },
  { value: 'Europe/Moscow', label: 'Москва (UTC+3)' },
  { value: 'Europe/Minsk', label: 'Минск (UTC+3)' },
  { value: 'Europe/Samara', label: 'Самара (UTC+4)' },
  { value: 'Asia/Yekaterinburg', label: 'Екатеринбург (UTC+5)' },
  { value: 'Asia/Almaty', label: 'Алматы (UTC+5)' },
  { value: 'Asia/Omsk', label: 'Омск (UTC+6)' },
  { value: 'Asia/Novosibirsk', label: 'Новосибирск (UTC+7)' },
  { value: 'Asia/Krasnoyarsk', label: 'Красноярск (UTC+7)' },
  { value: 'Asia/Irkutsk', label: 'Иркутск (UTC+8)' },
  { value: 'Asia/Yakutsk', label: 'Якутск (UTC+9)' },
  { value: 'Asia/Vladivostok', label: 'Владивосток (UTC+10)' },
  { value: 'Asia/Magadan', label: 'Магадан (UTC+11)' },
  { value: 'Asia/Kamchatka', label: 'Петропавловск-Камчатский (UTC+12)' },
];

/** The list, with a stored zone that is not in it kept as its own option. */
export const timezoneOptions = (current?: string) => (current && !timezones.some((t) => t.value === current) ? [...timezones, { value: current, label: current }] : timezones);
