import { plannerKindLabels, type EditablePlannerKind, type PlannerEvent } from '@repo/contracts';
import { formatDateTime, getApiError, notify } from '@repo/shared-core';
import { QueryError, useRule } from '@repo/ui';
import { Button, Descriptions, Drawer, Popconfirm, Skeleton, Space, Tag, Typography } from 'antd';
import { Link, useNavigate } from 'react-router-dom';
import { usePlannerEvent, usePlannerMutations } from '../api';
import { kindLook } from '../event-look';

const deviceText = (e: PlannerEvent) => (e.device ? [e.device.type, e.device.brand, e.device.model].filter(Boolean).join(' ') : '');

/**
 * The open event (`?event=<id>`): its details, «Изменить» and «Удалить» for whoever may, and for an
 * appointment «Оформить заказ» (the repair-order intake, prefilled) or the link to its order.
 */
export function EventDrawer({ id, onClose, onEdit }: { id: string | undefined; onClose: () => void; onEdit: (event: PlannerEvent) => void }) {
  const query = usePlannerEvent(id);
  const navigate = useNavigate();
  const canEdit = useRule('edit:planner');
  const canDelete = useRule('delete:planner');
  const canOrder = useRule('create:repair_order');
  const { remove } = usePlannerMutations();
  const e = query.data;

  async function doRemove() {
    if (!e) return;
    try {
      await remove.mutateAsync(e.id);
      notify.success('Событие удалено');
      onClose();
    } catch (err) {
      notify.error(getApiError(err).message);
    }
  }

  const editable = !!e && e.editable && e.kind !== 'task';
  return (
    <Drawer open={!!id} onClose={onClose} size={480} title={e ? e.title || plannerKindLabels[e.kind] : 'Событие'} destroyOnHidden>
      {query.isError ? (
        <QueryError error={query.error} onRetry={() => void query.refetch()} title="Не удалось загрузить событие" />
      ) : !e ? (
        <Skeleton active />
      ) : (
        <>
          <Descriptions column={1} size="small" bordered>
            <Descriptions.Item label="Вид">
              <Tag color={kindLook[e.kind].tag}>{plannerKindLabels[e.kind]}</Tag>
            </Descriptions.Item>
            <Descriptions.Item label="Когда">
              {formatDateTime(e.start)} — {formatDateTime(e.end)}
            </Descriptions.Item>
            <Descriptions.Item label="Сотрудник">{e.employeeName}</Descriptions.Item>
            {e.kind === 'appointment' ? (
              <>
                <Descriptions.Item label="Клиент">
                  {e.clientId ? <Link to={`/clients?open=${encodeURIComponent(e.clientId)}`}>{e.clientName ?? 'Клиент'}</Link> : '—'}
                  {e.clientPhone ? <Typography.Text type="secondary"> · {e.clientPhone}</Typography.Text> : null}
                </Descriptions.Item>
                <Descriptions.Item label="Устройство">{deviceText(e) || '—'}</Descriptions.Item>
                <Descriptions.Item label="Заказ">
                  {e.orderId ? <Link to={`/orders/${e.orderId}`}>{e.orderNumber ?? 'Открыть заказ'}</Link> : 'Не оформлен'}
                </Descriptions.Item>
              </>
            ) : null}
            {e.comment ? <Descriptions.Item label="Комментарий">{e.comment}</Descriptions.Item> : null}
          </Descriptions>
          <Space wrap style={{ marginTop: 16 }}>
            {e.kind === 'appointment' && !e.orderId && canOrder ? (
              <Button type="primary" onClick={() => navigate(`/orders?new=1&appointment=${encodeURIComponent(e.id)}`)}>
                Оформить заказ
              </Button>
            ) : null}
            {editable && canEdit ? <Button onClick={() => onEdit(e)}>Изменить</Button> : null}
            {editable && canDelete ? (
              <Popconfirm title={`Удалить ${plannerKindLabels[e.kind as EditablePlannerKind].toLowerCase()}?`} okText="Удалить" cancelText="Отмена" okButtonProps={{ danger: true }} onConfirm={() => doRemove()}>
                <Button danger loading={remove.isPending}>
                  Удалить
                </Button>
              </Popconfirm>
            ) : null}
          </Space>
        </>
      )}
    </Drawer>
  );
}
