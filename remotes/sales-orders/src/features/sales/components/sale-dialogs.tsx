import type { RenderedTemplate, Sale } from '@repo/contracts';
import { api, getApiError, notify } from '@repo/shared-core';
import { printHtml } from '@repo/ui';
import { Alert, Form, Input, Modal, Tag, Typography } from 'antd';
import { useState } from 'react';
import { printableHtml } from '../../repair-orders/components/print-menu';
import { lookupProducts } from '../api';
import type { CartLine } from '../cart';

/** Prints the sale's receipt («Товарный чек» template, or another of that kind); the server records the print. */
export async function printSaleReceipt(sale: Pick<Sale, 'id' | 'number'>, templateId: string, templateName = 'Товарный чек'): Promise<void> {
  const rendered = (await api.post<RenderedTemplate>(`templates/${templateId}/render`, { saleId: sale.id, print: true })).data;
  await printHtml(await printableHtml(rendered.html), { title: `${templateName} ${sale.number}`, css: rendered.css, copyStyles: false });
}

/**
 * A manager confirms a discount over the seller's cap with their phone and password (checked by the
 * server when the sale is posted; nothing is stored in the browser).
 */
export function ApprovalDialog({ open, message, onCancel, onConfirm, busy }: { open: boolean; message: string; onCancel: () => void; onConfirm: (v: { phone: string; password: string }) => void; busy: boolean }) {
  const [form] = Form.useForm<{ phone: string; password: string }>();
  return (
    <Modal
      open={open}
      title="Подтверждение скидки управляющим"
      okText="Подтвердить и провести"
      cancelText="Отмена"
      confirmLoading={busy}
      onOk={() => form.submit()}
      onCancel={onCancel}
      destroyOnHidden
    >
      <Alert type="warning" showIcon title={message} style={{ marginBottom: 12 }} />
      <Form form={form} layout="vertical" onFinish={onConfirm} autoComplete="off">
        <Form.Item name="phone" label="Телефон управляющего" rules={[{ required: true, message: 'Укажите телефон' }]}>
          <Input autoFocus inputMode="tel" placeholder="+7 (___) ___-__-__" autoComplete="off" />
        </Form.Item>
        <Form.Item name="password" label="Пароль управляющего" rules={[{ required: true, message: 'Укажите пароль' }]}>
          <Input.Password autoComplete="new-password" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** Serial numbers of a serial-tracked line, by scan: each one is checked to be in this warehouse now. */
export function SerialsDialog({ line, warehouseId, onClose, onDone }: { line: CartLine; warehouseId: string; onClose: () => void; onDone: (serials: string[]) => void }) {
  const [serials, setSerials] = useState<string[]>(line.serials);
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  async function add() {
    const value = text.trim();
    if (!value) return;
    setError(null);
    try {
      const found = (await lookupProducts(value, warehouseId)).find((f) => f.match === 'serial' && f.productId === line.productId);
      if (!found?.serial) return setError(`Серийного номера «${value}» у «${line.name}» нет на этом складе`);
      if (serials.some((s) => s.toUpperCase() === found.serial!.toUpperCase())) return setError('Этот номер уже добавлен');
      setSerials((s) => [...s, found.serial!]);
      setText('');
    } catch (e) {
      notify.error(getApiError(e).message);
    }
  }
  return (
    <Modal open title={`Серийные номера: ${line.name}`} okText="Готово" cancelText="Отмена" onOk={() => onDone(serials)} onCancel={onClose} destroyOnHidden>
      <Typography.Paragraph type="secondary">Отсканируйте серийный номер каждого экземпляра ({serials.length} из {Math.max(line.qty, serials.length)}).</Typography.Paragraph>
      <Input
        autoFocus
        aria-label="Серийный номер"
        value={text}
        status={error ? 'error' : undefined}
        onChange={(e) => setText(e.target.value)}
        onPressEnter={(e) => {
          e.preventDefault();
          void add();
        }}
        placeholder="Серийный номер или IMEI"
      />
      {error ? <Typography.Text type="danger">{error}</Typography.Text> : null}
      <div style={{ marginTop: 12, display: 'flex', flexWrap: 'wrap', gap: 4 }}>
        {serials.map((s) => (
          <Tag key={s} closable onClose={() => setSerials((list) => list.filter((x) => x !== s))}>
            {s}
          </Tag>
        ))}
      </div>
    </Modal>
  );
}
