import { BarcodeOutlined } from '@ant-design/icons';
import { toKopecks, type PurchaseOrder } from '@repo/contracts';
import { formatMoney, getApiError, notify } from '@repo/shared-core';
import { useRule } from '@repo/ui';
import { Alert, Button, Drawer, Flex, InputNumber, Modal, Table, Typography } from 'antd';
import { useState } from 'react';
import { useBarcodeScanner } from '../../../shared/use-barcode-scanner';
import { findProductByCode } from '../../stock/api';
import { SerialsInput } from '../../stock/components/serials-input';
import { useOrderMutations } from '../api';
import { receiveRequest, receiveRows, rowErrors, scanIntoRows, type ReceiveRow } from '../receive-lines';

/**
 * «Принять товар»: one part of the order, posted as its own stock receipt. Each line defaults to what is
 * still expected (0 skips it), at the order's price; serial-tracked goods take one serial per unit. A
 * scan of a product of the order adds one unit to its line. More than expected is confirmed in a dialog
 * (the server's 409 `over_receipt`) and sent again with `allowOver`.
 */
export function ReceivePanel({ order, open, onClose }: { order: PurchaseOrder; open: boolean; onClose: () => void }) {
  return (
    <Drawer open={open} onClose={onClose} size={900} title={`Приёмка по заказу ${order.number}`} destroyOnHidden>
      {open ? <ReceiveForm order={order} onDone={onClose} /> : null}
    </Drawer>
  );
}

export function ReceiveForm({ order, onDone }: { order: PurchaseOrder; onDone: () => void }) {
  const seesCost = useRule('see_cost');
  const { receive } = useOrderMutations();
  const [rows, setRows] = useState<ReceiveRow[]>(() => receiveRows(order));
  const [error, setError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  /** The server's over-receipt message while the dialog asks to confirm it. */
  const [overMessage, setOverMessage] = useState<string | null>(null);
  const change = (productId: string, patch: Partial<ReceiveRow>) => setRows((rs) => rs.map((r) => (r.productId === productId ? { ...r, ...patch } : r)));

  useBarcodeScanner(async (code) => {
    try {
      const p = await findProductByCode(code);
      if (!p) return notify.warning(`Товар со штрихкодом ${code} не найден`);
      if (!order.lines.some((l) => l.productId === p.id)) return notify.warning(`«${p.name}» нет в заказе ${order.number}`);
      setRows((rs) => scanIntoRows(rs, p.id) ?? rs);
    } catch (e) {
      notify.error(getApiError(e).message);
    }
  });

  const receiving = rows.filter((r) => r.qty > 0);
  const totalQty = receiving.reduce((s, r) => s + r.qty, 0);
  const total = receiving.reduce((s, r) => s + (r.cost ?? 0) * r.qty, 0);

  async function submit(allowOver = false) {
    setError(null);
    setFieldErrors({});
    const { body, sent } = receiveRequest(rows, { seesCost, allowOver });
    try {
      const result = await receive.mutateAsync({ id: order.id, ...body });
      setOverMessage(null);
      notify.success(`Оприходование ${result.receipt.number} проведено`);
      onDone();
    } catch (e) {
      const err = getApiError(e);
      // The lines' own messages stay on them (after «Исправить количество» the buyer sees which ones).
      setFieldErrors(rowErrors(err.errors, sent));
      if (err.status === 409 && err.code === 'over_receipt' && !allowOver) {
        setOverMessage(err.message);
        return;
      }
      setOverMessage(null);
      setError(err.message);
    }
  }

  const err = (r: ReceiveRow, field: string) => fieldErrors[`${r.productId}.${field}`];

  return (
    <>
      <Typography.Paragraph type="secondary">
        <BarcodeOutlined /> Сканируйте товары — каждый скан добавляет 1 к строке. Количество по умолчанию — то, что ещё ожидается; 0 — строка не принимается.
      </Typography.Paragraph>
      {error ? <Alert type="error" showIcon title={error} closable={{ onClose: () => setError(null) }} style={{ marginBottom: 12 }} role="alert" /> : null}
      <Table<ReceiveRow>
        rowKey="productId"
        size="small"
        pagination={false}
        dataSource={rows}
        scroll={{ x: 640 }}
        columns={[
          {
            key: 'product',
            title: 'Товар',
            render: (_, r) => (
              <>
                {r.productName}
                {r.sku ? <Typography.Text type="secondary"> · {r.sku}</Typography.Text> : null}
                <div>
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    заказано {r.ordered}, получено {r.received}, ожидается {r.expected}
                  </Typography.Text>
                </div>
              </>
            ),
          },
          {
            key: 'qty',
            title: 'Принять',
            width: 110,
            render: (_, r) => (
              <>
                <InputNumber
                  min={0}
                  precision={0}
                  value={r.qty}
                  status={err(r, 'qty') || (r.qty > r.expected && r.qty > 0) ? (err(r, 'qty') ? 'error' : 'warning') : undefined}
                  aria-label={`Принять: ${r.productName}`}
                  onChange={(v) => change(r.productId, { qty: v ?? 0 })}
                  style={{ width: 90 }}
                />
                {err(r, 'qty') ? <Typography.Text type="danger" style={{ fontSize: 12, display: 'block' }}>{err(r, 'qty')}</Typography.Text> : null}
              </>
            ),
          },
          ...(seesCost
            ? [
                {
                  key: 'cost',
                  title: 'Цена, ₽',
                  width: 130,
                  render: (_: unknown, r: ReceiveRow) => (
                    <InputNumber
                      min={0}
                      step={1}
                      precision={2}
                      decimalSeparator=","
                      value={r.cost === null ? null : r.cost / 100}
                      status={err(r, 'cost') ? 'error' : undefined}
                      aria-label={`Цена приёмки: ${r.productName}`}
                      onChange={(v) => change(r.productId, { cost: toKopecks(v) })}
                      style={{ width: 115 }}
                    />
                  ),
                },
              ]
            : []),
          {
            key: 'serials',
            title: 'Серийные номера',
            width: 240,
            render: (_, r) =>
              r.serialTracked ? (
                <>
                  <SerialsInput value={r.serials} label={`Серийные номера: ${r.productName}`} expected={r.qty} invalid={!!err(r, 'serials')} onChange={(serials) => change(r.productId, { serials })} />
                  {err(r, 'serials') ? <Typography.Text type="danger" style={{ fontSize: 12 }}>{err(r, 'serials')}</Typography.Text> : null}
                </>
              ) : (
                <Typography.Text type="secondary">—</Typography.Text>
              ),
          },
        ]}
      />
      <Flex justify="space-between" align="center" gap={12} wrap style={{ marginTop: 16 }}>
        <Typography.Text>
          Принимается: <b>{totalQty}</b> шт. в {receiving.length} {receiving.length === 1 ? 'строке' : 'строках'}
          {seesCost ? <> на <b>{formatMoney(total)}</b></> : null}
        </Typography.Text>
        <Flex gap={8}>
          <Button onClick={onDone}>Отмена</Button>
          <Button type="primary" onClick={() => void submit()} loading={receive.isPending && !overMessage} disabled={receiving.length === 0}>
            Принять и провести
          </Button>
        </Flex>
      </Flex>
      <Modal
        open={overMessage !== null}
        title="Принять больше, чем заказано?"
        onCancel={() => setOverMessage(null)}
        footer={[
          <Button key="back" onClick={() => setOverMessage(null)}>
            Исправить количество
          </Button>,
          <Button key="over" type="primary" danger loading={receive.isPending} onClick={() => void submit(true)}>
            Принять сверх заказа
          </Button>,
        ]}
      >
        <Alert type="warning" showIcon title={overMessage} />
      </Modal>
    </>
  );
}
