import { SafetyCertificateOutlined } from '@ant-design/icons';
import { finishedOrderGroups, paymentMethodLabels, type Order } from '@repo/contracts';
import { formatDate, formatDateTime, formatMoney, getApiError, notify, useScreenTitle } from '@repo/shared-core';
import { LinkedTasks, QueryError, useRule } from '@repo/ui';
import { Alert, Button, Card, Col, Descriptions, Flex, Popconfirm, Row, Select, Skeleton, Table, Tag, Typography } from 'antd';
import { useEffect } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { useOrder, useOrderMutations, useOrderStatuses, useStaff, useTemplates } from '../api';
import { IssueDialog, PaymentDialog } from '../components/money-dialogs';
import { PartsSection, Totals, WorksSection } from '../components/order-lines';
import { useOrderRight } from '../components/order-rights';
import { PrintMenu, printOrderDocument } from '../components/print-menu';
import { deviceTitle, StatusTag } from '../components/status-tag';
import { OrderTimeline } from '../components/timeline';

/**
 * `/orders/:id`: one repair order — status (the allowed next ones), client and device, works and parts,
 * money, the issue, warranty, prints and the timeline. Dialogs are in the URL (`?dialog=issue|pay|print`);
 * `?dialog=print` right after the intake prints the acceptance receipt.
 */
export function OrderPage() {
  const { id } = useParams();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const dialog = params.get('dialog');
  const setDialog = (value: string | null) =>
    setParams((p) => {
      const next = new URLSearchParams(p);
      if (value) next.set('dialog', value);
      else next.delete('dialog');
      return next;
    });
  const order = useOrder(id);
  const statuses = useOrderStatuses();
  const staff = useStaff();
  const m = useOrderMutations(id);
  // Scoped: an engineer with `edit:repair_order:own` edits only the orders they are on.
  const mayEdit = useOrderRight('edit');
  const mayIssue = useOrderRight('post');
  const mayCancel = useOrderRight('cancel');
  const canPay = useRule('create:finance');
  const canCreate = useRule('create:repair_order');
  const templates = useTemplates(useRule(['print:repair_order', 'print:template']));
  useScreenTitle(order.data ? `Заказ ${order.data.number}` : null);

  // Right after the intake or the issue: print the receipt or the act once, then drop the dialog from the URL.
  useEffect(() => {
    if (dialog !== 'print' && dialog !== 'print-act') return;
    if (!order.data || !templates.data) return;
    const kind = dialog === 'print-act' ? 'order_act' : 'order_receipt';
    const t = templates.data.find((x) => x.kind === kind);
    setDialog(null);
    if (t) void printOrderDocument(t, order.data).catch((e) => notify.error(getApiError(e).message));
  }, [dialog, order.data, templates.data]); // eslint-disable-line react-hooks/exhaustive-deps

  if (order.isError) return <QueryError error={order.error} onRetry={() => void order.refetch()} />;
  if (order.isPending || !order.data)
    return (
      <>
        <Typography.Text type="secondary">Загружаю заказ…</Typography.Text>
        <Skeleton active paragraph={{ rows: 12 }} />
      </>
    );
  const o: Order = order.data;
  const finished = finishedOrderGroups.includes(o.status.group) || !!o.issuedAt;
  const canEdit = mayEdit(o);
  const canIssue = mayIssue(o);
  const canCancel = mayCancel(o);
  const editable = canEdit && !finished;
  const current = (statuses.data ?? []).find((s) => s.id === o.status.id);
  const next = (statuses.data ?? []).filter((s) => current?.next.includes(s.id) && s.group !== 'closed');

  async function move(statusId: string) {
    try {
      const changed = await m.status.mutateAsync({ statusId });
      notify.success(`Статус: ${changed.status.name}`);
    } catch (e) {
      notify.error(getApiError(e).message);
    }
  }

  return (
    <>
      <Flex gap={8} wrap align="center" style={{ marginBottom: 12 }}>
          <span data-testid="order-status">
            <StatusTag status={o.status} />
          </span>
          {o.overdue ? <Tag color="error">просрочен</Tag> : null}
          {o.urgent ? <Tag color="volcano">срочно</Tag> : null}
          {o.warrantyOfId ? (
            <Tag color="gold">
              гарантия по <Link to={`/orders/${o.warrantyOfId}`}>{o.warrantyOfNumber}</Link>
            </Tag>
          ) : null}
        <div style={{ flex: 1 }} />
          {editable && next.length ? (
            <Select
              placeholder="Сменить статус"
              value={null}
              onChange={(v: string) => void move(v)}
              options={next.map((s) => ({ value: s.id, label: s.name }))}
              style={{ width: 190 }}
              aria-label="Сменить статус"
              loading={m.status.isPending}
            />
          ) : null}
          <PrintMenu order={o} preferred={o.issuedAt ? 'order_act' : 'order_receipt'} />
          {!o.issuedAt && canIssue && o.status.group !== 'closed' ? (
            <Button type="primary" onClick={() => setDialog('issue')}>
              Выдать
            </Button>
          ) : null}
          {o.issuedAt && canCreate ? (
            <Popconfirm
              title="Оформить гарантийный ремонт?"
              description="Будет создан новый заказ, связанный с этим; работы по гарантии бесплатны."
              okText="Оформить"
              cancelText="Нет"
              onConfirm={() =>
                m.warranty
                  .mutateAsync(undefined)
                  .then((w) => navigate(`/orders/${w.id}`))
                  .catch((e) => notify.error(getApiError(e).message))
              }
            >
              <Button icon={<SafetyCertificateOutlined />} disabled={!o.warrantyUntil || new Date(o.warrantyUntil) < new Date()}>
                Гарантия
              </Button>
            </Popconfirm>
          ) : null}
          {o.issuedAt && canCancel ? (
            <Popconfirm title="Отменить выдачу?" description="Запчасти вернутся на склад, заказ — в «Готов»." okText="Отменить выдачу" cancelText="Нет" onConfirm={() => m.reopen.mutateAsync().catch((e) => notify.error(getApiError(e).message))}>
              <Button danger>Отменить выдачу</Button>
            </Popconfirm>
          ) : null}
      </Flex>

      <Row gutter={[16, 16]}>
        <Col xs={24} xl={16}>
          <Flex vertical gap={16}>
            <Card size="small" title="Устройство и клиент">
              <Descriptions size="small" column={{ xs: 1, md: 2 }} styles={{ label: { width: 150 } }}>
                <Descriptions.Item label="Клиент">
                  <span data-testid="order-client">{o.client.name}</span>
                  {o.client.phone ? <Typography.Text type="secondary"> · {o.client.phone}</Typography.Text> : null}
                </Descriptions.Item>
                <Descriptions.Item label="Баланс клиента">
                  <Typography.Text type={o.client.balance < 0 ? 'danger' : o.client.balance > 0 ? 'success' : undefined}>{formatMoney(o.client.balance)}</Typography.Text>
                </Descriptions.Item>
                <Descriptions.Item label="Устройство">
                  {o.device.type} {deviceTitle(o.device)}
                </Descriptions.Item>
                <Descriptions.Item label="IMEI / S/N">{[o.device.imei, o.device.serial].filter(Boolean).join(' / ') || '—'}</Descriptions.Item>
                <Descriptions.Item label="Внешний вид">{o.device.appearance ?? '—'}</Descriptions.Item>
                <Descriptions.Item label="Комплектация">{o.device.kit ?? '—'}</Descriptions.Item>
                <Descriptions.Item label="Неисправность" span={2}>
                  <span style={{ whiteSpace: 'pre-wrap' }}>{o.malfunction}</span>
                </Descriptions.Item>
                <Descriptions.Item label="Ориентировочно">{o.estimate !== null ? formatMoney(o.estimate) : '—'}</Descriptions.Item>
                <Descriptions.Item label="Срок">{o.dueAt ? formatDateTime(o.dueAt) : '—'}</Descriptions.Item>
                <Descriptions.Item label="Мастер">
                  {editable ? (
                    <Select
                      size="small"
                      allowClear
                      value={o.engineerId ?? undefined}
                      placeholder="Не назначен"
                      onChange={(v: string | undefined) => m.update.mutateAsync({ engineerId: v ?? null }).catch((e) => notify.error(getApiError(e).message))}
                      options={(staff.data ?? []).map((e) => ({ value: e.id, label: e.name }))}
                      style={{ minWidth: 200 }}
                      aria-label="Мастер"
                    />
                  ) : (
                    (o.engineerName ?? '—')
                  )}
                </Descriptions.Item>
                <Descriptions.Item label="Менеджер">{o.managerName ?? '—'}</Descriptions.Item>
                <Descriptions.Item label="Принят">
                  {formatDateTime(o.createdAt)} · {o.locationName}
                </Descriptions.Item>
                <Descriptions.Item label="Выдан">{o.issuedAt ? formatDateTime(o.issuedAt) : '—'}</Descriptions.Item>
                {o.warrantyUntil ? <Descriptions.Item label="Гарантия до">{formatDate(o.warrantyUntil)}</Descriptions.Item> : null}
              </Descriptions>
              {o.deviceOrders.length ? (
                <Alert
                  style={{ marginTop: 8 }}
                  type="info"
                  showIcon
                  message="Это устройство уже было в ремонте"
                  description={o.deviceOrders.slice(0, 5).map((d) => (
                    <div key={d.id}>
                      <Link to={`/orders/${d.id}`}>{d.number}</Link> от {formatDate(d.createdAt)} · {d.malfunction} · <StatusTag status={d.status} />
                    </div>
                  ))}
                />
              ) : null}
              {o.warrantyClaims.length ? (
                <div style={{ marginTop: 8 }}>
                  Гарантийные заказы:{' '}
                  {o.warrantyClaims.map((w) => (
                    <Link key={w.id} to={`/orders/${w.id}`} style={{ marginInlineEnd: 8 }}>
                      {w.number}
                    </Link>
                  ))}
                </div>
              ) : null}
            </Card>
            <Card size="small" title="Работы">
              <WorksSection order={o} editable={editable} />
            </Card>
            <Card size="small" title="Запчасти">
              <PartsSection order={o} editable={editable} />
            </Card>
          </Flex>
        </Col>
        <Col xs={24} xl={8}>
          <Flex vertical gap={16}>
            <Card
              size="small"
              title="Деньги"
              extra={
                canPay ? (
                  <Flex gap={4}>
                    <Button size="small" onClick={() => setDialog('pay')}>
                      Принять оплату
                    </Button>
                    {o.paid > 0 ? (
                      <Button size="small" onClick={() => setDialog('refund')}>
                        Возврат
                      </Button>
                    ) : null}
                  </Flex>
                ) : null
              }
            >
              <Totals order={o} />
              <Table
                style={{ marginTop: 12 }}
                rowKey="id"
                size="small"
                pagination={false}
                dataSource={o.payments}
                locale={{ emptyText: 'Оплат пока нет' }}
                columns={[
                  { key: 'at', title: 'Дата', render: (_, p) => formatDateTime(p.at) },
                  { key: 'number', title: 'Документ', render: (_, p) => `${p.number} · ${paymentMethodLabels[p.method]}` },
                  {
                    key: 'amount',
                    title: 'Сумма',
                    align: 'right',
                    render: (_, p) => <Typography.Text delete={p.cancelled} type={p.amount < 0 ? 'danger' : undefined}>{formatMoney(p.amount)}</Typography.Text>,
                  },
                ]}
              />
            </Card>
            <LinkedTasks kind="repair_order" id={o.id} />
            <Card size="small" title="Хронология">
              <OrderTimeline orderId={o.id} />
            </Card>
          </Flex>
        </Col>
      </Row>

      {dialog === 'pay' || dialog === 'refund' ? <PaymentDialog order={o} open refund={dialog === 'refund'} onClose={() => setDialog(null)} /> : null}
      {dialog === 'issue' ? <IssueDialog order={o} open onClose={() => setDialog(null)} onIssued={() => setDialog(templatesHaveAct(templates.data) ? 'print-act' : null)} /> : null}
    </>
  );
}

const templatesHaveAct = (list: Array<{ kind: string }> | undefined) => !!list?.some((t) => t.kind === 'order_act');
