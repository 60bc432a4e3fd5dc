import type { OrderTimelineItem, OrderTimelineKind } from '@repo/contracts';
import { formatDateTime, formatMoney, getApiError, notify } from '@repo/shared-core';
import { QueryError } from '@repo/ui';
import { Button, Checkbox, Flex, Form, Input, Skeleton, Tag, Timeline, Typography } from 'antd';
import { useOrderMutations, useOrderTimeline } from '../api';
import { StatusTag } from './status-tag';

const kindLabels: Record<OrderTimelineKind, string> = {
  created: 'Заказ принят',
  status: 'Статус',
  comment: 'Комментарий',
  payment: 'Оплата',
  work_added: 'Работа добавлена',
  work_removed: 'Работа убрана',
  part_added: 'Запчасть добавлена',
  part_removed: 'Запчасть убрана',
  edited: 'Изменён',
  issued: 'Выдан',
  printed: 'Печать',
  warranty: 'Гарантия',
};

const colours: Partial<Record<OrderTimelineKind, string>> = { created: 'blue', status: 'blue', payment: 'green', issued: 'green', comment: 'gray', printed: 'gray' };

function Item({ item }: { item: OrderTimelineItem }) {
  return (
    <div>
      <Flex gap={6} wrap align="center">
        <Typography.Text strong>{kindLabels[item.kind]}</Typography.Text>
        {item.fromStatus && item.toStatus ? (
          <>
            <StatusTag status={item.fromStatus} />→<StatusTag status={item.toStatus} />
          </>
        ) : item.toStatus ? (
          <StatusTag status={item.toStatus} />
        ) : null}
        {item.forClient ? <Tag color="purple">для клиента</Tag> : null}
        {item.amount ? <Typography.Text type={item.amount < 0 ? 'danger' : undefined}>{formatMoney(item.amount)}</Typography.Text> : null}
      </Flex>
      {item.text ? <div style={{ whiteSpace: 'pre-wrap' }}>{item.text}</div> : null}
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {formatDateTime(item.at)}
        {item.authorName ? ` · ${item.authorName}` : ''}
      </Typography.Text>
    </div>
  );
}

/** The order's story in order: status changes, comments, payments, lines and prints; a comment form on top. */
export function OrderTimeline({ orderId }: { orderId: string }) {
  const timeline = useOrderTimeline(orderId);
  const { comment } = useOrderMutations(orderId);
  const [form] = Form.useForm<{ text?: string; forClient?: boolean }>();
  async function submit(v: { text?: string; forClient?: boolean }) {
    try {
      await comment.mutateAsync({ text: v.text?.trim() ?? '', forClient: !!v.forClient });
      form.resetFields();
    } catch (e) {
      notify.error(getApiError(e).message);
    }
  }
  return (
    <>
      <Form form={form} onFinish={(v) => void submit(v)} layout="vertical">
        <Form.Item name="text" rules={[{ required: true, message: 'Напишите комментарий' }]} style={{ marginBottom: 8 }}>
          <Input.TextArea autoSize={{ minRows: 2, maxRows: 6 }} maxLength={2000} placeholder="Комментарий к заказу" aria-label="Комментарий" />
        </Form.Item>
        <Flex justify="space-between" align="center" style={{ marginBottom: 16 }}>
          <Form.Item name="forClient" valuePropName="checked" noStyle>
            <Checkbox>Для клиента</Checkbox>
          </Form.Item>
          <Button htmlType="submit" loading={comment.isPending}>
            Добавить комментарий
          </Button>
        </Flex>
      </Form>
      {timeline.isError ? <QueryError error={timeline.error} onRetry={() => void timeline.refetch()} /> : null}
      {timeline.isPending ? <Skeleton active /> : null}
      {timeline.data ? (
        <Timeline
          reverse
          items={timeline.data.map((item) => ({ key: item.id, color: colours[item.kind] ?? 'blue', children: <Item item={item} /> }))}
        />
      ) : null}
    </>
  );
}
