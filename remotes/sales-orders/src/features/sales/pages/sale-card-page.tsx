import { BankOutlined, PrinterOutlined, RollbackOutlined, StopOutlined } from '@ant-design/icons';
import { paymentMethodLabels, saleStatusLabels, type Sale } from '@repo/contracts';
import { dayjs, formatDateTime, formatMoney, getApiError, notify, useScreenTitle } from '@repo/shared-core';
import { QueryError, useRule } from '@repo/ui';
import { Button, Card, Col, Descriptions, Flex, Popconfirm, Row, Skeleton, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import { newIdempotencyKey, useTemplates } from '../../repair-orders/api';
import { useSale, useSaleMutations } from '../api';
import { CreditConfirmDialog } from '../components/credit-confirm-dialog';
import { ReturnDialog } from '../components/return-dialog';
import { printSaleReceipt } from '../components/sale-dialogs';
import { saleListUrl } from '../urls';

const statusColor = { draft: 'default', posted: 'green', cancelled: 'red' } as const;

/** `/sales/:id`: one sale — lines, payments, returns; print the receipt, cancel it the same day, make a return. */
export function SaleCardPage() {
  const { id } = useParams();
  const [params, setParams] = useSearchParams();
  const sale = useSale(id);
  useScreenTitle(sale.data ? `Продажа ${sale.data.number}` : null);
  const canCancel = useRule('cancel:sale');
  const canReturn = useRule('create:sale');
  const canPrint = useRule(['print:sale', 'print:template']);
  const canConfirmCredit = useRule(['post:sale', 'create:finance'], 'all');
  const templates = useTemplates(canPrint);
  const { cancel } = useSaleMutations();
  const [cancelKey] = useState(newIdempotencyKey);
  const receipt = (templates.data ?? []).find((t) => t.kind === 'sale_receipt');
  // The open dialog is in the URL (`?dialog=return|credit`): a reload or a shared link keeps it.
  const dialog = params.get('dialog');
  const setDialog = (name: 'return' | 'credit' | null) =>
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        if (name) next.set('dialog', name);
        else next.delete('dialog');
        return next;
      },
      { replace: true },
    );

  if (sale.isPending)
    return (
      <>
        <Typography.Text type="secondary">Загружаю продажу…</Typography.Text>
        <Skeleton active paragraph={{ rows: 10 }} />
      </>
    );
  if (sale.isError) return <QueryError title="Не удалось открыть продажу" error={sale.error} onRetry={() => sale.refetch()} retrying={sale.isFetching} />;
  const s: Sale = sale.data;
  const sameDay = s.postedAt && dayjs(s.postedAt).isSame(dayjs(), 'day');
  const left = s.lines.some((l) => l.qty - l.returnedQty > 0);

  return (
    <>
      <Flex justify="space-between" align="center" wrap gap={8} style={{ marginBottom: 12 }}>
        <Flex align="center" gap={8}>
          <Tag color={statusColor[s.status]} data-testid="sale-status">
            {saleStatusLabels[s.status]}
          </Tag>
          {s.returned ? <Tag color="orange">возвращено {formatMoney(s.returned)}</Tag> : null}
          {s.creditPending ? (
            <Tag color="gold" data-testid="sale-credit-pending">
              ожидается от партнёра {formatMoney(s.creditAmount)}
            </Tag>
          ) : null}
        </Flex>
        <Flex gap={8} wrap>
          <Link to={saleListUrl()}>
            <Button>К журналу</Button>
          </Link>
          {receipt && s.status === 'posted' ? (
            <Button icon={<PrinterOutlined />} onClick={() => printSaleReceipt(s, receipt.id, receipt.name).catch((e) => notify.error(getApiError(e).message))}>
              Печать чека
            </Button>
          ) : null}
          {canConfirmCredit && s.creditPending ? (
            <Button icon={<BankOutlined />} onClick={() => setDialog('credit')} data-testid="sale-credit-confirm">
              Подтвердить поступление
            </Button>
          ) : null}
          {canReturn && s.status === 'posted' && left ? (
            <Button icon={<RollbackOutlined />} onClick={() => setDialog('return')} data-testid="sale-return">
              Возврат
            </Button>
          ) : null}
          {canCancel && s.status !== 'cancelled' && (s.status === 'draft' || (sameDay && !s.returned)) ? (
            <Popconfirm
              title="Отменить продажу?"
              description="Товар вернётся на склад, оплаты будут сторнированы."
              okText="Отменить продажу"
              okButtonProps={{ danger: true }}
              cancelText="Нет"
              onConfirm={() =>
                cancel
                  .mutateAsync({ id: s.id, key: cancelKey })
                  .then(() => notify.success(`Продажа ${s.number} отменена`))
                  .catch((e) => notify.error(getApiError(e).message))
              }
            >
              <Button danger icon={<StopOutlined />} loading={cancel.isPending}>
                Отменить
              </Button>
            </Popconfirm>
          ) : null}
        </Flex>
      </Flex>
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={16}>
          <Card title="Товары и услуги">
            <Table
              size="small"
              rowKey="id"
              pagination={false}
              dataSource={s.lines}
              columns={[
                {
                  title: 'Наименование',
                  render: (_, l) => (
                    <>
                      {l.name}
                      {l.serials.length ? <div><Typography.Text type="secondary" style={{ fontSize: 12 }}>S/N {l.serials.join(', ')}</Typography.Text></div> : null}
                    </>
                  ),
                },
                { title: 'Кол-во', width: 90, render: (_, l) => `${l.qty}${l.returnedQty ? ` (возвр. ${l.returnedQty})` : ''}` },
                { title: 'Цена', width: 120, align: 'right', render: (_, l) => formatMoney(l.price) },
                { title: 'Скидка', width: 110, align: 'right', render: (_, l) => (l.discount ? formatMoney(l.discount) : '—') },
                { title: 'Сумма', width: 130, align: 'right', render: (_, l) => <Typography.Text strong>{formatMoney(l.total)}</Typography.Text> },
                ...(s.lines.some((l) => l.cost !== null) ? [{ title: 'Себестоимость', width: 130, align: 'right' as const, render: (_: unknown, l: Sale['lines'][number]) => formatMoney(l.cost) }] : []),
              ]}
              summary={() => (
                <Table.Summary.Row>
                  <Table.Summary.Cell index={0} colSpan={4}>
                    <Typography.Text strong>Итого</Typography.Text>
                  </Table.Summary.Cell>
                  <Table.Summary.Cell index={1} align="right">
                    <Typography.Text strong data-testid="sale-card-total">{formatMoney(s.total)}</Typography.Text>
                  </Table.Summary.Cell>
                </Table.Summary.Row>
              )}
            />
          </Card>
          {s.returns.length ? (
            <Card title="Возвраты" style={{ marginTop: 16 }}>
              <Table
                size="small"
                rowKey="id"
                pagination={false}
                dataSource={s.returns}
                columns={[
                  { title: '№', width: 120, render: (_, r) => r.number },
                  { title: 'Дата', width: 150, render: (_, r) => formatDateTime(r.createdAt) },
                  { title: 'Что вернули', render: (_, r) => r.lines.map((l) => `${l.name} × ${l.qty}`).join(', ') },
                  { title: 'Деньги', width: 180, render: (_, r) => r.refunds.map((p) => `${paymentMethodLabels[p.method]} ${formatMoney(-p.amount)}`).join(', ') || '—' },
                  { title: 'Сумма', width: 120, align: 'right', render: (_, r) => formatMoney(r.amount) },
                ]}
              />
            </Card>
          ) : null}
        </Col>
        <Col xs={24} xl={8}>
          <Card title="Продажа">
            <Descriptions column={1} size="small">
              <Descriptions.Item label="Дата">{formatDateTime(s.postedAt ?? s.createdAt)}</Descriptions.Item>
              <Descriptions.Item label="Магазин">{s.locationName}</Descriptions.Item>
              <Descriptions.Item label="Склад">{s.warehouseName}</Descriptions.Item>
              <Descriptions.Item label="Продавец">{s.employee?.name ?? '—'}</Descriptions.Item>
              <Descriptions.Item label="Клиент">{s.client ? s.client.name : 'без клиента'}</Descriptions.Item>
              {s.approvedBy ? <Descriptions.Item label="Скидку подтвердил">{s.approvedBy.name}</Descriptions.Item> : null}
              <Descriptions.Item label="Сумма">{formatMoney(s.subtotal)}</Descriptions.Item>
              {s.discount ? <Descriptions.Item label="Скидки">{formatMoney(s.discount)}</Descriptions.Item> : null}
              <Descriptions.Item label="Итого">
                <Typography.Text strong>{formatMoney(s.total)}</Typography.Text>
              </Descriptions.Item>
              {s.payments.map((p) => (
                <Descriptions.Item key={p.id} label={paymentMethodLabels[p.method]}>
                  {formatMoney(p.amount)} · {p.cashboxName}
                  {p.operationNumber ? ` · ${p.operationNumber}` : ''}
                </Descriptions.Item>
              ))}
              {s.credit ? (
                <Descriptions.Item label="Кредит">
                  <div>
                    {s.credit.partner} · {s.credit.name} · {s.credit.months} мес · {formatMoney(s.credit.amount)}
                    <br />
                    {s.credit.confirmedAt ? (
                      <Typography.Text type="secondary">
                        получено {formatDateTime(s.credit.confirmedAt)}
                        {s.credit.operationNumber ? ` · ${s.credit.operationNumber}` : ''}
                      </Typography.Text>
                    ) : s.status === 'posted' ? (
                      <Typography.Text type="warning">ожидается от партнёра</Typography.Text>
                    ) : null}
                  </div>
                </Descriptions.Item>
              ) : null}
              {s.due > 0 ? (
                <Descriptions.Item label="Долг клиента">
                  <Typography.Text type="danger">{formatMoney(s.due)}</Typography.Text>
                </Descriptions.Item>
              ) : null}
              {s.comment ? <Descriptions.Item label="Комментарий">{s.comment}</Descriptions.Item> : null}
            </Descriptions>
          </Card>
        </Col>
      </Row>
      {dialog === 'return' && s.status === 'posted' ? <ReturnDialog sale={s} open onClose={() => setDialog(null)} onDone={() => setDialog(null)} /> : null}
      {dialog === 'credit' && s.creditPending ? <CreditConfirmDialog sale={s} open onClose={() => setDialog(null)} /> : null}
    </>
  );
}
