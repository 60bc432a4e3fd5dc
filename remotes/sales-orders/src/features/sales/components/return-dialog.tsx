import { paymentMethodLabels, paymentMethods, returnAmount, type PaymentMethod, type Sale } from '@repo/contracts';
import { formatMoney, getApiError, notify, useLocationStore } from '@repo/shared-core';
import { Alert, Checkbox, InputNumber, Modal, Segmented, Select, Space, Table, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { newIdempotencyKey, useCashboxes } from '../../repair-orders/api';
import { cashboxFor } from '../../repair-orders/components/money-dialogs';
import { useSaleMutations, useShopWarehouses } from '../api';

type Pick = { qty: number; serials: string[] };

/**
 * A customer return of a posted sale, made at the current shop (the sale may be another shop's): the
 * lines and how many of each (never more than is left), the serials of serial-tracked goods, the
 * warehouse they come back to, and the money back from a cashbox here (the amount is the units' share of
 * what the client paid, computed like the server).
 */
export function ReturnDialog({ sale, open, onClose, onDone }: { sale: Sale; open: boolean; onClose: () => void; onDone: (sale: Sale) => void }) {
  const location = useLocationStore((s) => s.current?._id);
  const warehouses = useShopWarehouses();
  const cashboxes = useCashboxes(open);
  const { giveBack } = useSaleMutations();
  const [picks, setPicks] = useState<Record<string, Pick>>({});
  const [chosenWarehouse, setWarehouseId] = useState<string>();
  const [method, setMethod] = useState<PaymentMethod>('cash');
  const [key] = useState(newIdempotencyKey);
  const [error, setError] = useState<string | null>(null);
  const mine = (warehouses.data ?? []).filter((w) => w.locationId === location);
  const boxes = (cashboxes.data ?? []).filter((c) => c.locationId === location);
  const warehouseId = mine.some((w) => w.id === chosenWarehouse) ? chosenWarehouse : (mine.find((w) => w.isDefault) ?? mine[0])?.id;

  const goods = sale.lines.filter((l) => l.qty - l.returnedQty > 0);
  const amount = useMemo(() => sale.lines.reduce((s, l) => s + returnAmount(l, l.returnedQty, picks[l.id]?.qty ?? 0), 0), [sale.lines, picks]);
  // A sale on credit: the partner's share is settled with the partner; the client gets back at most what they paid.
  const refund = sale.creditAmount > 0 ? Math.min(amount, Math.max(0, sale.paid - sale.returned)) : amount;
  const set = (lineId: string, next: Partial<Pick>) => setPicks((p) => ({ ...p, [lineId]: { ...(p[lineId] ?? { qty: 0, serials: [] }), ...next } }));

  async function submit() {
    setError(null);
    const lines = sale.lines
      .filter((l) => (picks[l.id]?.qty ?? 0) > 0)
      .map((l) => ({ lineId: l.id, productId: l.productId, qty: picks[l.id].qty, ...(l.serials.length ? { serials: picks[l.id].serials } : {}) }));
    if (!lines.length) return setError('Отметьте, что возвращается');
    if (!warehouseId) return setError('Выберите склад');
    try {
      const next = await giveBack.mutateAsync({
        id: sale.id,
        key,
        body: { warehouseId, lines, refunds: refund > 0 ? [{ method, cashboxId: cashboxFor(method, boxes) ?? '', amount: refund }] : [] },
      });
      notify.success(`Возврат оформлен: ${formatMoney(refund)} выдано покупателю`);
      onDone(next);
    } catch (e) {
      const err = getApiError(e);
      setError(err.errors ? Object.values(err.errors).join('; ') : err.message);
    }
  }

  return (
    <Modal
      open={open}
      width={760}
      title={`Возврат по продаже ${sale.number}`}
      okText={`Вернуть ${formatMoney(refund)}`}
      okButtonProps={{ disabled: amount === 0, 'data-testid': 'return-submit' } as never}
      cancelText="Отмена"
      confirmLoading={giveBack.isPending}
      onOk={() => void submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      {sale.locationId !== location ? <Alert type="info" showIcon title={`Продажа другого магазина («${sale.locationName}»): товар вернётся на склад этого магазина, деньги — из его кассы`} style={{ marginBottom: 12 }} /> : null}
      <Table
        size="small"
        rowKey="id"
        pagination={false}
        dataSource={goods}
        locale={{ emptyText: 'По этой продаже всё уже возвращено' }}
        columns={[
          { title: 'Товар', render: (_, l) => l.name },
          { title: 'Продано', width: 80, render: (_, l) => `${l.qty}${l.returnedQty ? ` (возвр. ${l.returnedQty})` : ''}` },
          {
            title: 'Вернуть',
            width: 220,
            render: (_, l) =>
              l.serials.length ? (
                <Checkbox.Group
                  value={picks[l.id]?.serials ?? []}
                  onChange={(v) => set(l.id, { serials: v as string[], qty: v.length })}
                  options={l.serials.map((s) => ({ value: s, label: s }))}
                />
              ) : (
                <InputNumber aria-label={`Вернуть: ${l.name}`} size="small" min={0} max={l.qty - l.returnedQty} precision={0} value={picks[l.id]?.qty ?? 0} onChange={(n) => set(l.id, { qty: typeof n === 'number' ? n : 0 })} />
              ),
          },
          { title: 'К возврату', width: 120, align: 'right', render: (_, l) => formatMoney(returnAmount(l, l.returnedQty, picks[l.id]?.qty ?? 0)) },
        ]}
      />
      <Space wrap style={{ marginTop: 12 }}>
        <span>
          <Typography.Text type="secondary">Склад: </Typography.Text>
          <Select aria-label="Склад возврата" value={warehouseId} onChange={setWarehouseId} options={mine.map((w) => ({ value: w.id, label: w.name }))} style={{ minWidth: 180 }} />
        </span>
        <Segmented aria-label="Как вернуть деньги" value={method} onChange={(v) => setMethod(v as PaymentMethod)} options={paymentMethods.map((m) => ({ value: m, label: paymentMethodLabels[m] }))} />
        <Typography.Text strong data-testid="return-amount">
          К выдаче: {formatMoney(refund)}
        </Typography.Text>
      </Space>
      {sale.creditAmount > 0 ? <Typography.Paragraph type="secondary" style={{ marginTop: 8 }}>Продажа в кредит: долю партнёра («{sale.credit?.partner}») возвращает партнёр.</Typography.Paragraph> : null}
      {error ? <Alert type="error" showIcon title={error} style={{ marginTop: 12 }} role="alert" /> : null}
    </Modal>
  );
}
