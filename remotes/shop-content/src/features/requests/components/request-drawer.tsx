import { shopMessages, updateShopRequestSchema, type ShopRequest } from '@repo/contracts';
import { formatDateTime, formatMoney, notify, useAuth } from '@repo/shared-core';
import { QueryError, useRule, useZodForm, zodRule } from '@repo/ui';
import { Button, Descriptions, Divider, Drawer, Empty, Flex, Form, Input, Modal, Select, Skeleton, Table, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { isRequestId, useRequest, useRequestMutations } from '../api';
import { orderHref, saleHref } from '../filters';
import { conversions, statusActions, type StatusAction } from '../status-actions';
import { KindTag, showPhone, StatusTag } from './request-tags';

const noLocations: { id: string; name: string }[] = [];
type Conversion = 'order' | 'sale';

/** «Отклонить»: the reason is required (here and by the server, whose 400 lands on the field). */
function RejectModal({ request, open, onClose }: { request: ShopRequest; open: boolean; onClose: () => void }) {
  const { update } = useRequestMutations();
  const { form, maxLength, setServerErrors } = useZodForm(updateShopRequestSchema);
  useEffect(() => {
    if (open) form.resetFields();
  }, [open]); // eslint-disable-line react-hooks/exhaustive-deps

  async function submit(v: { rejectReason?: string }) {
    try {
      await update.mutateAsync({ id: request.id, status: 'rejected', rejectReason: v.rejectReason?.trim() ?? '' });
      notify.success(`Заявка ${request.number} отклонена`, { autoClose: 2500 });
      onClose();
    } catch (e) {
      setServerErrors(e);
    }
  }

  return (
    <Modal
      open={open}
      title={`Отклонить заявку ${request.number}`}
      onCancel={onClose}
      okText="Отклонить"
      okButtonProps={{ danger: true, loading: update.isPending }}
      cancelText="Отмена"
      onOk={() => form.submit()}
      destroyOnHidden
    >
      <Form form={form as never} layout="vertical" onFinish={(v) => void submit(v as { rejectReason?: string })} data-testid="reject-form">
        <Form.Item
          label="Причина отказа"
          name="rejectReason"
          required
          rules={[{ required: true, whitespace: true, message: shopMessages.rejectReasonRequired }, zodRule(updateShopRequestSchema.shape.rejectReason)]}
        >
          <Input.TextArea autoFocus autoSize={{ minRows: 3, maxRows: 6 }} maxLength={maxLength.rejectReason} placeholder="Например: клиент передумал" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** The location a conversion happens in, asked only when the request has none and the employee works in several. */
function LocationModal({
  kind,
  onClose,
  onConvert,
  pending,
}: {
  kind: Conversion | null;
  onClose: () => void;
  onConvert: (kind: Conversion, locationId: string, fail: (e: unknown) => void) => void;
  pending: boolean;
}) {
  const locations = useAuth((s) => s.profile?.locations ?? noLocations);
  const current = useAuth((s) => s.profile?.location?.id);
  const { form, setServerErrors } = useZodForm(updateShopRequestSchema);
  useEffect(() => {
    if (kind) form.setFieldsValue({ locationId: current } as never);
  }, [kind]); // eslint-disable-line react-hooks/exhaustive-deps
  return (
    <Modal
      open={!!kind}
      title={kind === 'sale' ? 'Оформить продажу' : 'Оформить заказ на ремонт'}
      onCancel={onClose}
      okText="Оформить"
      okButtonProps={{ loading: pending }}
      cancelText="Отмена"
      onOk={() => form.submit()}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">Сайт не выбрал магазин для этой заявки. Где её оформить?</Typography.Paragraph>
      <Form
        form={form as never}
        layout="vertical"
        onFinish={(v) => kind && onConvert(kind, (v as { locationId: string }).locationId, (e) => setServerErrors(e))}
        data-testid="convert-location-form"
      >
        <Form.Item label="Магазин" name="locationId" rules={[{ required: true, message: shopMessages.locationRequired }]}>
          <Select aria-label="Магазин" options={locations.map((l) => ({ value: l.id, label: l.name }))} placeholder="Магазин" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** The internal note: never shown on the site. */
function CommentForm({ request, canEdit }: { request: ShopRequest; canEdit: boolean }) {
  const { update } = useRequestMutations();
  const { form, field, maxLength, setServerErrors } = useZodForm(updateShopRequestSchema);
  useEffect(() => {
    if (canEdit) form.setFieldsValue({ comment: request.comment ?? '' } as never);
  }, [request.id, request.comment, canEdit]); // eslint-disable-line react-hooks/exhaustive-deps
  if (!canEdit) {
    return request.comment ? <Typography.Paragraph style={{ whiteSpace: 'pre-wrap' }}>{request.comment}</Typography.Paragraph> : <Typography.Text type="secondary">Комментария нет</Typography.Text>;
  }
  async function save(v: { comment?: string }) {
    const comment = v.comment?.trim() ?? '';
    if (comment === (request.comment ?? '')) {
      notify.info('Изменений нет');
      return;
    }
    try {
      await update.mutateAsync({ id: request.id, comment: comment || null });
      notify.success('Комментарий сохранён', { autoClose: 2500 });
    } catch (e) {
      setServerErrors(e);
    }
  }
  return (
    <Form form={form as never} onFinish={(v) => void save(v as { comment?: string })} data-testid="request-comment-form">
      <Form.Item {...field('comment')} style={{ marginBottom: 8 }}>
        <Input.TextArea
          autoSize={{ minRows: 2, maxRows: 6 }}
          maxLength={maxLength.comment}
          placeholder="Видно только сотрудникам (Ctrl+Enter — сохранить)"
          aria-label="Комментарий"
          onKeyDown={(e) => {
            if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) form.submit();
          }}
        />
      </Form.Item>
      <Button htmlType="submit" loading={update.isPending}>
        Сохранить комментарий
      </Button>
    </Form>
  );
}

function Items({ request }: { request: ShopRequest }) {
  return (
    <Table
      size="small"
      rowKey="catalogItemId"
      pagination={false}
      dataSource={request.items}
      style={{ marginBottom: 12 }}
      columns={[
        { key: 'title', title: 'Товар', render: (_, i) => i.title },
        { key: 'qty', title: 'Кол-во', width: 70, align: 'right', render: (_, i) => i.qty },
        { key: 'price', title: 'Цена', width: 110, align: 'right', render: (_, i) => (i.price === null ? '—' : formatMoney(i.price)) },
        { key: 'sum', title: 'Сумма', width: 120, align: 'right', render: (_, i) => (i.price === null ? '—' : formatMoney(i.price * i.qty)) },
      ]}
      summary={() => (
        <Table.Summary.Row>
          <Table.Summary.Cell index={0} colSpan={3}>
            <Typography.Text strong>Итого</Typography.Text>
          </Table.Summary.Cell>
          <Table.Summary.Cell index={1} align="right">
            <Typography.Text strong>{formatMoney(request.total)}</Typography.Text>
          </Table.Summary.Cell>
        </Table.Summary.Row>
      )}
    />
  );
}

/** The request's location; an editor who works in several can hand it to another (the server checks that it takes requests). */
function LocationField({ r, canEdit }: { r: ShopRequest; canEdit: boolean }) {
  const locations = useAuth((s) => s.profile?.locations ?? noLocations);
  const { update } = useRequestMutations();
  if (!canEdit || locations.length < 2) return <>{r.locationName ?? <Typography.Text type="secondary">Не выбран</Typography.Text>}</>;
  const options = locations.map((l) => ({ value: l.id, label: l.name }));
  if (r.locationId && !options.some((o) => o.value === r.locationId)) options.push({ value: r.locationId, label: r.locationName ?? 'Другой магазин' });
  return (
    <Select
      size="small"
      variant="borderless"
      value={r.locationId ?? undefined}
      placeholder="Не выбран — передать в магазин"
      options={options}
      loading={update.isPending}
      onChange={(locationId: string) =>
        void update
          .mutateAsync({ id: r.id, locationId })
          .then((saved) => notify.success(`Заявка ${saved.number} передана: ${saved.locationName ?? ''}`, { autoClose: 2500 }))
          .catch(() => undefined)
      }
      style={{ minWidth: 240, marginInline: -7 }}
      aria-label="Магазин заявки"
    />
  );
}

function Details({ r, canEdit }: { r: ShopRequest; canEdit: boolean }) {
  return (
    <Descriptions size="small" column={1} bordered style={{ marginBottom: 16 }} styles={{ label: { width: 150 } }}>
      <Descriptions.Item label="Поступила">{formatDateTime(r.createdAt)}</Descriptions.Item>
      <Descriptions.Item label="Вид">
        <KindTag value={r.kind} />
      </Descriptions.Item>
      <Descriptions.Item label="Клиент">{r.name}</Descriptions.Item>
      <Descriptions.Item label="Телефон">
        <Typography.Link href={`tel:${r.phone}`} copyable={{ text: r.phone, tooltips: ['Скопировать', 'Скопировано'] }}>
          {showPhone(r.phone)}
        </Typography.Link>
      </Descriptions.Item>
      {r.modelName ? <Descriptions.Item label="Устройство">{r.modelName}</Descriptions.Item> : null}
      {r.problem ? (
        <Descriptions.Item label="Неисправность">
          <span style={{ whiteSpace: 'pre-wrap' }}>{r.problem}</span>
        </Descriptions.Item>
      ) : null}
      <Descriptions.Item label="Магазин">
        <LocationField r={r} canEdit={canEdit} />
      </Descriptions.Item>
      {r.repeats > 0 ? (
        <Descriptions.Item label="Повторы">
          повторов: {r.repeats}
          {r.lastRepeatAt ? <Typography.Text type="secondary"> · последний {formatDateTime(r.lastRepeatAt)}</Typography.Text> : null}
        </Descriptions.Item>
      ) : null}
      {r.status === 'rejected' && r.rejectReason ? (
        <Descriptions.Item label="Причина отказа">
          <span style={{ whiteSpace: 'pre-wrap' }}>{r.rejectReason}</span>
        </Descriptions.Item>
      ) : null}
      {r.orderId ? (
        <Descriptions.Item label="Заказ на ремонт">
          <Link to={orderHref(r.orderId)} data-testid="request-order-link">
            Заказ {r.orderNumber ?? ''}
          </Link>
        </Descriptions.Item>
      ) : null}
      {r.saleId ? (
        <Descriptions.Item label="Продажа">
          <Link to={saleHref(r.saleId)} data-testid="request-sale-link">
            Продажа {r.saleNumber ?? ''}
          </Link>
        </Descriptions.Item>
      ) : null}
      <Descriptions.Item label="Изменена">{formatDateTime(r.updatedAt)}</Descriptions.Item>
    </Descriptions>
  );
}

/** The status buttons (shopRequestTransitions) and the one-click conversions, for `edit:shop_content` (as the server checks). */
function Actions({ r }: { r: ShopRequest }) {
  const navigate = useNavigate();
  const { update, toOrder, toSale } = useRequestMutations();
  const locations = useAuth((s) => s.profile?.locations ?? noLocations);
  const [rejecting, setRejecting] = useState(false);
  const [asking, setAsking] = useState<Conversion | null>(null);
  const [moving, setMoving] = useState<string | null>(null);
  // The conversion creates the order or sale as this employee: it needs their rule to create one (else the server's 403).
  const mayOrder = useRule('create:repair_order');
  const maySale = useRule('create:sale');
  const allowed = conversions(r);
  const can = { toOrder: allowed.toOrder && mayOrder, toSale: allowed.toSale && maySale };

  async function move(a: StatusAction) {
    if (a.needsReason) {
      setRejecting(true);
      return;
    }
    setMoving(a.to);
    try {
      await update.mutateAsync({ id: r.id, status: a.to });
      notify.success(`Заявка ${r.number}: ${a.label.toLowerCase()}`, { autoClose: 2500 });
    } catch {
      // The API client has already said why (409 «Заявку нельзя перевести в этот статус»).
    } finally {
      setMoving(null);
    }
  }

  async function convert(kind: Conversion, locationId?: string, fail?: (e: unknown) => void) {
    try {
      if (kind === 'order') {
        const { orderId } = await toOrder.mutateAsync({ id: r.id, ...(locationId ? { locationId } : {}) });
        notify.success(`Заявка ${r.number} оформлена в заказ на ремонт`, { autoClose: 3000 });
        setAsking(null);
        navigate(orderHref(orderId));
      } else {
        const { saleId } = await toSale.mutateAsync({ id: r.id, ...(locationId ? { locationId } : {}) });
        notify.success(`Заявка ${r.number} оформлена в продажу`, { autoClose: 3000 });
        setAsking(null);
        navigate(saleHref(saleId));
      }
    } catch (e) {
      fail?.(e);
    }
  }

  const start = (kind: Conversion) => {
    if (!r.locationId && locations.length > 1) setAsking(kind);
    else void convert(kind);
  };

  const converting = toOrder.isPending || toSale.isPending;
  return (
    <>
      <Flex gap={8} wrap style={{ marginBottom: 12 }} role="group" aria-label="Статус заявки">
        {statusActions(r.status).map((a) => (
          <Button key={a.to} type={a.primary ? 'primary' : 'default'} danger={a.danger} loading={moving === a.to} disabled={!!moving && moving !== a.to} onClick={() => void move(a)}>
            {a.label}
          </Button>
        ))}
      </Flex>
      {can.toOrder || can.toSale ? (
        <Flex gap={8} wrap style={{ marginBottom: 12 }} role="group" aria-label="Оформление">
          {can.toOrder ? (
            <Button onClick={() => start('order')} loading={toOrder.isPending} disabled={converting && !toOrder.isPending}>
              Оформить заказ на ремонт
            </Button>
          ) : null}
          {can.toSale ? (
            <Button onClick={() => start('sale')} loading={toSale.isPending} disabled={converting && !toSale.isPending}>
              Оформить продажу
            </Button>
          ) : null}
        </Flex>
      ) : null}
      <RejectModal request={r} open={rejecting} onClose={() => setRejecting(false)} />
      <LocationModal kind={asking} onClose={() => setAsking(null)} pending={converting} onConvert={(kind, locationId, fail) => void convert(kind, locationId, fail)} />
    </>
  );
}

/** The open request (`/request/:id`) over the list: every field, the status actions, the conversions and the internal comment. */
export function RequestDrawer({ id, onClose }: { id: string | null; onClose: () => void }) {
  // The last open request stays drawn while the drawer slides away.
  const [shown, setShown] = useState(id);
  if (id && id !== shown) setShown(id);
  const query = useRequest(id ?? shown);
  const canEdit = useRule('edit:shop_content');
  const r = query.data;
  return (
    <Drawer
      open={!!id}
      onClose={onClose}
      size={600}
      title={r ? `Заявка ${r.number}` : 'Заявка'}
      extra={r ? <StatusTag value={r.status} /> : null}
      destroyOnHidden
      data-testid="request-drawer"
    >
      {id && !isRequestId(id) ? (
        <Empty description="Заявка не найдена" />
      ) : query.isError ? (
        <QueryError error={query.error} onRetry={() => void query.refetch()} title="Не удалось открыть заявку" bare />
      ) : !r ? (
        <Skeleton active />
      ) : (
        <>
          {canEdit ? <Actions r={r} /> : null}
          <Details r={r} canEdit={canEdit} />
          {r.items.length ? <Items request={r} /> : null}
          <Divider titlePlacement="start" style={{ marginBlock: 12 }}>
            Комментарий
          </Divider>
          <CommentForm request={r} canEdit={canEdit} />
        </>
      )}
    </Drawer>
  );
}
