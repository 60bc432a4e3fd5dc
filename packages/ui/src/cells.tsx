import { formatDate, formatDateTime, formatMoney } from '@repo/shared-core';
import { Tag, Typography } from 'antd';
import type { CSSProperties, ReactNode } from 'react';

const numeric: CSSProperties = { whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' };

/** An amount in kopecks as `1 234,56 ₽` (non-breaking spaces); negative amounts in red; empty for none. */
export function MoneyCell({ value, colorNegative = true }: { value: number | null | undefined; colorNegative?: boolean }) {
  const text = formatMoney(value);
  if (!text) return <span style={numeric} />;
  return (
    <Typography.Text style={numeric} type={colorNegative && (value ?? 0) < 0 ? 'danger' : undefined}>
      {text}
    </Typography.Text>
  );
}

/** `05.06.2024`, or with `time` `05.06.2024 14:30`; the full date and time as a tooltip. Empty for none. */
export function DateCell({ value, time = false }: { value: string | number | Date | null | undefined; time?: boolean }) {
  const text = time ? formatDateTime(value) : formatDate(value);
  return (
    <time style={numeric} dateTime={text ? new Date(value as string).toISOString() : undefined} title={formatDateTime(value) || undefined}>
      {text}
    </time>
  );
}

/** How one status looks: its Russian label and an antd tag colour (`green`, `red`, `processing`, `#f50`). */
export interface StatusLook {
  label: ReactNode;
  color?: string;
}

/** Declares a status map once per entity: `const orderStatuses = defineStatuses({ new: { label: 'Новый', color: 'blue' } })`. */
export function defineStatuses<K extends string>(looks: Record<K, StatusLook>): Record<K, StatusLook> {
  return looks;
}

/** A coloured tag for a status; an unknown status shows its raw value in grey rather than nothing. */
export function StatusCell<K extends string>({ value, statuses }: { value: K | null | undefined; statuses: Record<K, StatusLook> }) {
  if (value === null || value === undefined) return null;
  const look = statuses[value] as StatusLook | undefined;
  return (
    <Tag color={look?.color} style={{ marginInlineEnd: 0 }}>
      {look?.label ?? value}
    </Tag>
  );
}
