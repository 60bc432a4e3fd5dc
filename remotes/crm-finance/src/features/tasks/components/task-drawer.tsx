import { DeleteOutlined } from '@ant-design/icons';
import { createTaskCommentRequestSchema, createTaskRequestSchema, taskPriorities, taskPriorityLabels, taskStatuses, taskStatusLabels, updateTaskRequestSchema, type Task, type TaskPriority, type TaskStatus } from '@repo/contracts';
import { dayjs, notify } from '@repo/shared-core';
import { QueryError, useRule, useZodForm, zodRule } from '@repo/ui';
import { Button, DatePicker, Descriptions, Drawer, Flex, Form, Input, List, Popconfirm, Select, Skeleton, Space, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useEffect } from 'react';
import { useTask, useTaskComments, useTaskMutations } from '../api';
import { useAssigneeOptions } from './assignee-options';
import { dueFormat } from './task-form';
import { StatusTag, TaskLinkLabel } from './task-tags';

interface EditValues {
  title: string;
  description?: string | null;
  assigneeId: string;
  dueAt?: Dayjs | null;
  priority: TaskPriority;
  status: TaskStatus;
}

const valuesOf = (t: Task): EditValues => ({
  title: t.title,
  description: t.description ?? '',
  assigneeId: t.assigneeId,
  dueAt: t.dueAt ? dayjs(t.dueAt) : null,
  priority: t.priority,
  status: t.status,
});

/** Only what changed, as the PATCH body (`dueAt: null` removes the due moment). */
export function changedFields(task: Task, v: EditValues) {
  const body: Record<string, unknown> = {};
  if (v.title.trim() !== task.title) body.title = v.title.trim();
  if ((v.description?.trim() || null) !== (task.description || null)) body.description = v.description?.trim() || null;
  if (v.assigneeId !== task.assigneeId) body.assigneeId = v.assigneeId;
  const due = v.dueAt ? v.dueAt.second(0).millisecond(0).format() : null;
  if ((due ? dayjs(due).valueOf() : null) !== (task.dueAt ? dayjs(task.dueAt).valueOf() : null)) body.dueAt = due;
  if (v.priority !== task.priority) body.priority = v.priority;
  if (v.status !== task.status) body.status = v.status;
  return body;
}

function Comments({ id }: { id: string }) {
  const comments = useTaskComments(id);
  const { comment } = useTaskMutations();
  const { form, field, maxLength, setServerErrors } = useZodForm(createTaskCommentRequestSchema);
  async function send(v: { text: string }) {
    try {
      await comment.mutateAsync({ id, text: v.text.trim() });
      form.resetFields();
    } catch (e) {
      setServerErrors(e);
    }
  }
  return (
    <section aria-label="Комментарии">
      <Typography.Title level={5} style={{ marginTop: 8 }}>
        Комментарии
      </Typography.Title>
      {comments.isError ? (
        <QueryError error={comments.error} onRetry={() => void comments.refetch()} bare />
      ) : (
        <List
          size="small"
          loading={comments.isPending}
          dataSource={comments.data ?? []}
          locale={{ emptyText: 'Комментариев пока нет' }}
          renderItem={(c) => (
            <List.Item style={{ paddingInline: 0 }}>
              <div style={{ width: '100%' }}>
                <Flex justify="space-between" gap={8}>
                  <Typography.Text strong>{c.authorName ?? 'Сотрудник удалён'}</Typography.Text>
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    {dayjs(c.createdAt).format(dueFormat)}
                  </Typography.Text>
                </Flex>
                <div style={{ whiteSpace: 'pre-wrap' }}>{c.text}</div>
              </div>
            </List.Item>
          )}
        />
      )}
      <Form form={form} onFinish={(v) => void send(v as { text: string })} style={{ marginTop: 8 }}>
        <Form.Item {...field('text')} required={false} style={{ marginBottom: 8 }}>
          <Input.TextArea
            autoSize={{ minRows: 2, maxRows: 6 }}
            maxLength={maxLength.text}
            placeholder="Комментарий (Ctrl+Enter — отправить)"
            aria-label="Новый комментарий"
            onKeyDown={(e) => {
              if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) form.submit();
            }}
          />
        </Form.Item>
        <Button htmlType="submit" loading={comment.isPending}>
          Отправить
        </Button>
      </Form>
    </section>
  );
}

/** The open task (`?task=<id>`): its fields, editable by `edit:task`; comments; delete by `delete:task`. */
export function TaskDrawer({ id, onClose }: { id: string | null; onClose: () => void }) {
  const task = useTask(id);
  const canEdit = useRule('edit:task');
  const canDelete = useRule('delete:task');
  const { update, remove } = useTaskMutations();
  const { form, field, maxLength, setServerErrors } = useZodForm(updateTaskRequestSchema);
  const t = task.data;
  const assignees = useAssigneeOptions(t ? [{ id: t.assigneeId, name: t.assigneeName }] : []);

  useEffect(() => {
    if (t) form.setFieldsValue(valuesOf(t) as never);
  }, [t?.id, t?.updatedAt]); // eslint-disable-line react-hooks/exhaustive-deps

  async function save(v: EditValues) {
    if (!t) return;
    const body = changedFields(t, v);
    if (Object.keys(body).length === 0) {
      notify.info('Изменений нет');
      return;
    }
    try {
      await update.mutateAsync({ id: t.id, ...body });
      notify.success('Задача сохранена', { autoClose: 2500 });
    } catch (e) {
      setServerErrors(e);
    }
  }

  async function del() {
    if (!t) return;
    await remove.mutateAsync(t.id);
    notify.success(`Задача «${t.title}» удалена`);
    onClose();
  }

  return (
    <Drawer
      open={!!id}
      onClose={onClose}
      size={560}
      title={t ? t.title : 'Задача'}
      destroyOnHidden
      extra={t ? <StatusTag value={t.status} /> : null}
      footer={
        t && (canEdit || canDelete) ? (
          <Flex justify="space-between">
            {canEdit ? (
              <Button type="primary" onClick={() => form.submit()} loading={update.isPending}>
                Сохранить
              </Button>
            ) : (
              <span />
            )}
            {canDelete ? (
              <Popconfirm title="Удалить задачу?" description="Комментарии удалятся вместе с ней." okText="Удалить" okButtonProps={{ danger: true }} cancelText="Отмена" onConfirm={() => del()}>
                <Button danger icon={<DeleteOutlined />} loading={remove.isPending}>
                  Удалить
                </Button>
              </Popconfirm>
            ) : null}
          </Flex>
        ) : null
      }
    >
      {task.isError ? (
        <QueryError error={task.error} onRetry={() => void task.refetch()} title="Не удалось открыть задачу" />
      ) : !t ? (
        <Skeleton active />
      ) : (
        <>
          <Descriptions size="small" column={1} style={{ marginBottom: 12 }}>
            <Descriptions.Item label="Автор">{t.authorName}</Descriptions.Item>
            <Descriptions.Item label="Создана">{dayjs(t.createdAt).format(dueFormat)}</Descriptions.Item>
            {t.link ? (
              <Descriptions.Item label="Связь">
                <TaskLinkLabel link={t.link} />
              </Descriptions.Item>
            ) : null}
            {t.doneAt ? <Descriptions.Item label="Выполнена">{dayjs(t.doneAt).format(dueFormat)}</Descriptions.Item> : null}
          </Descriptions>
          <Form form={form as never} layout="vertical" disabled={!canEdit} onFinish={(v) => void save(v as EditValues)} data-testid="task-edit-form">
            <Form.Item label="Что сделать" {...field('title')} rules={[zodRule(createTaskRequestSchema.shape.title)]} required>
              <Input maxLength={maxLength.title} />
            </Form.Item>
            <Form.Item label="Описание" {...field('description')}>
              <Input.TextArea autoSize={{ minRows: 2, maxRows: 8 }} maxLength={maxLength.description} />
            </Form.Item>
            <Flex gap={12} wrap>
              <Form.Item label="Статус" name="status" style={{ flex: '1 1 150px' }}>
                <Select aria-label="Статус" options={taskStatuses.map((s) => ({ value: s, label: taskStatusLabels[s] }))} />
              </Form.Item>
              <Form.Item label="Приоритет" name="priority" style={{ flex: '1 1 150px' }}>
                <Select aria-label="Приоритет" options={taskPriorities.map((p) => ({ value: p, label: taskPriorityLabels[p] }))} />
              </Form.Item>
            </Flex>
            <Flex gap={12} wrap>
              <Form.Item label="Исполнитель" name="assigneeId" style={{ flex: '1 1 200px' }}>
                <Select showSearch optionFilterProp="label" aria-label="Исполнитель" options={assignees} />
              </Form.Item>
              <Form.Item label="Срок" name="dueAt" style={{ flex: '1 1 200px' }}>
                <DatePicker showTime={{ format: 'HH:mm', minuteStep: 5 }} format={dueFormat} needConfirm={false} style={{ width: '100%' }} aria-label="Срок" />
              </Form.Item>
            </Flex>
            <button type="submit" hidden aria-hidden tabIndex={-1} />
          </Form>
          <Space direction="vertical" style={{ width: '100%' }}>
            <Comments id={t.id} />
          </Space>
        </>
      )}
    </Drawer>
  );
}
