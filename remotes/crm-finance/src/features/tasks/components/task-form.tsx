import { createTaskRequestSchema, taskLinkKindLabels, taskLinkKinds, taskPriorities, taskPriorityLabels, type Task, type TaskLinkKind, type TaskPriority } from '@repo/contracts';
import { dayjs, useAuth } from '@repo/shared-core';
import { useZodForm } from '@repo/ui';
import { Button, DatePicker, Flex, Form, Input, Modal, Radio, Select, Space } from 'antd';
import type { Dayjs } from 'dayjs';
import { useEffect } from 'react';
import { useTaskMutations } from '../api';
import { useAssigneeOptions } from './assignee-options';

export interface TaskFormValues {
  title: string;
  description?: string;
  assigneeId?: string;
  dueAt?: Dayjs | null;
  priority: TaskPriority;
  link?: { kind?: TaskLinkKind; id?: string };
}

export const dueFormat = 'DD.MM.YYYY HH:mm';

/** Quick due moments: today at 18:00, tomorrow at 10:00 (the picker still takes any date and time). */
const presets = () => [
  { label: 'Сегодня, 18:00', value: dayjs().hour(18).minute(0).second(0).millisecond(0) },
  { label: 'Завтра, 10:00', value: dayjs().add(1, 'day').hour(10).minute(0).second(0).millisecond(0) },
  { label: 'Через неделю', value: dayjs().add(7, 'day').hour(10).minute(0).second(0).millisecond(0) },
];

/** The form's values as the API's body: the due moment with its offset, an empty link as none. */
export function toCreateBody(v: TaskFormValues) {
  return {
    title: v.title?.trim() ?? '',
    description: v.description?.trim() || null,
    assigneeId: v.assigneeId || undefined,
    dueAt: v.dueAt ? v.dueAt.second(0).millisecond(0).format() : null,
    priority: v.priority,
    link: v.link?.kind && v.link.id?.trim() ? { kind: v.link.kind, id: v.link.id.trim() } : null,
  };
}

/**
 * «Новая задача»: a modal form, the first field focused, Enter in a one-line field saves, Esc closes.
 * The contract's rules check as you type; the server's 400 lands on its field (`link.id`, `assigneeId`…).
 */
export function TaskCreateModal({
  open,
  onClose,
  onCreated,
  initialLink,
}: {
  open: boolean;
  onClose: () => void;
  onCreated: (task: Task) => void;
  initialLink?: { kind: TaskLinkKind; id: string } | null;
}) {
  const { form, field, maxLength, setServerErrors } = useZodForm(createTaskRequestSchema, undefined as never);
  const me = useAuth((s) => s.profile?.id ?? null);
  const { create } = useTaskMutations();
  const assignees = useAssigneeOptions();

  useEffect(() => {
    if (open) {
      form.resetFields();
      form.setFieldsValue({ priority: 'normal', assigneeId: me ?? undefined, link: initialLink ?? undefined } as never);
    }
  }, [open, initialLink?.kind, initialLink?.id]); // eslint-disable-line react-hooks/exhaustive-deps

  async function submit(values: TaskFormValues) {
    try {
      const task = await create.mutateAsync(toCreateBody(values));
      onCreated(task);
    } catch (e) {
      setServerErrors(e);
    }
  }

  return (
    <Modal
      open={open}
      title="Новая задача"
      onCancel={onClose}
      destroyOnHidden
      width={600}
      footer={
        <Space>
          <Button onClick={onClose}>Отмена</Button>
          <Button type="primary" loading={create.isPending} onClick={() => form.submit()}>
            Создать
          </Button>
        </Space>
      }
    >
      <Form<TaskFormValues> form={form as never} layout="vertical" onFinish={(v) => void submit(v)} requiredMark="optional" data-testid="task-create-form">
        <Form.Item label="Что сделать" {...field('title')}>
          <Input autoFocus maxLength={maxLength.title} placeholder="Например: перезвонить клиенту о готовности" />
        </Form.Item>
        <Form.Item label="Описание" {...field('description')}>
          <Input.TextArea autoSize={{ minRows: 2, maxRows: 6 }} maxLength={maxLength.description} />
        </Form.Item>
        <Flex gap={12} wrap>
          <Form.Item label="Исполнитель" {...field('assigneeId')} required style={{ flex: '1 1 220px' }}>
            <Select showSearch optionFilterProp="label" options={assignees} placeholder="Кому" aria-label="Исполнитель" />
          </Form.Item>
          <Form.Item label="Срок" {...field('dueAt')} rules={[]} style={{ flex: '1 1 220px' }}>
            <DatePicker showTime={{ format: 'HH:mm', minuteStep: 5 }} format={dueFormat} needConfirm={false} presets={presets()} style={{ width: '100%' }} placeholder="Дата и время" aria-label="Срок" />
          </Form.Item>
        </Flex>
        <Form.Item label="Приоритет" name="priority">
          <Radio.Group optionType="button" options={taskPriorities.map((p) => ({ value: p, label: taskPriorityLabels[p] }))} />
        </Form.Item>
        <Form.Item label="Связь" style={{ marginBottom: 0 }}>
          <Space.Compact block>
            <Form.Item name={['link', 'kind']} noStyle>
              <Select allowClear placeholder="Нет" style={{ width: 140 }} aria-label="Связь с" options={taskLinkKinds.map((k) => ({ value: k, label: taskLinkKindLabels[k] }))} />
            </Form.Item>
            <Form.Item name={['link', 'id']} style={{ flex: 1, marginBottom: 0 }}>
              <Input placeholder="ID заказа, клиента или продажи" aria-label="ID связи" />
            </Form.Item>
          </Space.Compact>
        </Form.Item>
        <button type="submit" hidden aria-hidden tabIndex={-1} />
      </Form>
    </Modal>
  );
}
