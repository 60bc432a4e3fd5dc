import { formatPhone } from '@repo/contracts';
import { formatMoney } from '@repo/shared-core';
import { Typography } from 'antd';

/** A client balance: «Должен 1 500,00 ₽» (owes us), «Аванс 300,00 ₽» (we owe them) or «—». */
export function Balance({ value }: { value: number }) {
  if (value === 0) return <Typography.Text type="secondary">—</Typography.Text>;
  return value < 0 ? (
    <Typography.Text type="danger" strong>
      Должен {formatMoney(-value)}
    </Typography.Text>
  ) : (
    <Typography.Text type="success">Аванс {formatMoney(value)}</Typography.Text>
  );
}

/** Phones for display: stored E.164 as «+7 (916) 123-45-67»; masked ones as they came. */
export const showPhone = (p: string) => (p.includes('*') ? p : formatPhone(p));

