import { DeleteOutlined } from '@ant-design/icons';
import { toKopecks, type Discount, type PricedSale } from '@repo/contracts';
import { formatMoney } from '@repo/shared-core';
import { Button, InputNumber, Select, Space, Table, Tag, Tooltip, Typography } from 'antd';
import type { Cart, CartAction, CartLine } from '../cart';

/** A discount field: a number and its unit (% or ₽); empty = none. */
export function DiscountInput({ value, onChange, label, disabled }: { value: Discount | null; onChange: (d: Discount | null) => void; label: string; disabled?: boolean }) {
  const unit: 'percent' | 'amount' = value && 'amount' in value ? 'amount' : 'percent';
  const number = value ? ('percent' in value ? value.percent : value.amount / 100) : null;
  const set = (n: number | null, u = unit) => {
    if (n === null || n === 0) return onChange(null);
    onChange(u === 'percent' ? { percent: Math.min(100, Math.round(n * 100) / 100) } : { amount: toKopecks(n) ?? 0 });
  };
  return (
    <Space.Compact style={{ width: '100%' }}>
      <InputNumber
        aria-label={label}
        min={0}
        max={unit === 'percent' ? 100 : undefined}
        precision={2}
        decimalSeparator=","
        value={number}
        disabled={disabled}
        onChange={(n) => set(typeof n === 'number' ? n : null)}
        style={{ width: '100%' }}
        placeholder="0"
      />
      <Select
        aria-label={`${label}: единица`}
        value={unit}
        disabled={disabled}
        onChange={(u) => set(number, u)}
        options={[
          { value: 'percent', label: '%' },
          { value: 'amount', label: '₽' },
        ]}
        style={{ width: 58 }}
      />
    </Space.Compact>
  );
}

/** Column widths: `compact` leaves the name room in a narrower cart (1024 px, the payment panel beside it). */
const widths = {
  wide: { qty: 76, qtyInput: 64, price: 108, priceInput: 96, discount: 132, total: 112, remove: 44 },
  compact: { qty: 64, qtyInput: 54, price: 92, priceInput: 82, discount: 116, total: 100, remove: 36 },
};

/**
 * The lines of the sale: quantity, price, the line's discount, its total after every discount.
 * `compact` (below 1200 px): narrower columns and no line number.
 */
export function CartTable({ cart, priced, dispatch, onSerials, compact = false }: { cart: Cart; priced: PricedSale; dispatch: (a: CartAction) => void; onSerials: (line: CartLine) => void; compact?: boolean }) {
  const w = widths[compact ? 'compact' : 'wide'];
  return (
    <Table<CartLine>
      size="small"
      rowKey="key"
      pagination={false}
      dataSource={cart.lines}
      locale={{ emptyText: 'Отсканируйте товар или найдите его по названию — он появится здесь' }}
      tableLayout="fixed"
      rowClassName={(l) => (l.key === cart.lastKey ? 'ant-table-row-selected' : '')}
      columns={[
        ...(compact ? [] : [{ title: '№', width: 36, render: (_v: unknown, _l: CartLine, i: number) => i + 1 }]),
        {
          title: 'Товар / услуга',
          ellipsis: false,
          render: (_v, l) => (
            <div>
              <Typography.Text>{l.name}</Typography.Text>
              <div>
                {l.sku ? <Typography.Text type="secondary" style={{ fontSize: 12, marginRight: 8 }}>{l.sku}</Typography.Text> : null}
                {l.isService ? <Tag color="blue">услуга</Tag> : null}
                {l.serialTracked ? (
                  <Button size="small" type={l.serials.length < l.qty ? 'primary' : 'link'} danger={l.serials.length < l.qty} onClick={() => onSerials(l)} style={{ paddingInline: 4 }}>
                    {l.serials.length < l.qty ? `Серийные номера: ${l.serials.length} из ${l.qty}` : `S/N ${l.serials.join(', ')}`}
                  </Button>
                ) : null}
                {!l.isService && l.free !== null && l.qty > l.free ? <Tag color="red">в наличии {l.free}</Tag> : null}
              </div>
            </div>
          ),
        },
        {
          title: 'Кол-во',
          width: w.qty,
          render: (_v, l) => <InputNumber aria-label={`Количество: ${l.name}`} size="small" min={1} precision={0} value={l.qty} onChange={(n) => typeof n === 'number' && dispatch({ type: 'qty', key: l.key, qty: n })} style={{ width: w.qtyInput }} />,
        },
        {
          title: 'Цена',
          width: w.price,
          render: (_v, l) => (
            <InputNumber
              aria-label={`Цена: ${l.name}`}
              size="small"
              min={0}
              precision={2}
              decimalSeparator=","
              value={l.price / 100}
              onChange={(n) => typeof n === 'number' && dispatch({ type: 'price', key: l.key, price: toKopecks(n) ?? 0 })}
              style={{ width: w.priceInput }}
            />
          ),
        },
        { title: 'Скидка', width: w.discount, render: (_v, l) => <DiscountInput label={`Скидка: ${l.name}`} value={l.discount} onChange={(d) => dispatch({ type: 'discount', key: l.key, discount: d })} /> },
        {
          title: 'Сумма',
          width: w.total,
          align: 'right',
          render: (_v, l, i) => {
            const p = priced.lines[i];
            const error = priced.errors[`lines.${i}.discount`];
            return (
              <div>
                <Typography.Text strong>{formatMoney(p?.total)}</Typography.Text>
                {p && p.discount > 0 ? (
                  <div>
                    <Typography.Text type="secondary" delete style={{ fontSize: 12 }}>
                      {formatMoney(p.gross)}
                    </Typography.Text>
                  </div>
                ) : null}
                {error ? <Typography.Text type="danger" style={{ fontSize: 12 }}>{error}</Typography.Text> : null}
              </div>
            );
          },
        },
        {
          width: w.remove,
          render: (_v, l) => (
            <Tooltip title="Убрать строку">
              <Button size="small" type="text" danger icon={<DeleteOutlined />} aria-label={`Убрать: ${l.name}`} onClick={() => dispatch({ type: 'remove', key: l.key })} />
            </Tooltip>
          ),
        },
      ]}
    />
  );
}
