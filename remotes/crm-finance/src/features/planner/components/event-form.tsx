import { editablePlannerKinds, plannerKindLabels, plannerLimits, type CreatePlannerEventRequest, type EditablePlannerKind, type PlannerEvent, type UpdatePlannerEventRequest } from '@repo/contracts';
import { dayjs, getApiError } from '@repo/shared-core';
import { setServerErrors } from '@repo/ui';
import { Alert, Button, Col, DatePicker, Form, Input, Modal, Radio, Row, Select, Space } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { plannerCalls, useClientPick, usePlannerEmployees, usePlannerMutations } from '../api';
import { sendWithOverlapConfirm } from '../event-change';
import { useOverlapConfirm } from './use-overlap-confirm';

export const momentFormat = 'DD.MM.YYYY HH:mm';

export interface EventFormValues {
  kind: EditablePlannerKind;
  employeeId?: string;
  start?: Dayjs | null;
  end?: Dayjs | null;
  title?: string;
  clientId?: string | null;
  device?: { type?: string; brand?: string; model?: string };
  comment?: string;
}

const moment = (d: Dayjs | null | undefined) => (d ? d.second(0).millisecond(0).format() : '');
const text = (v: string | undefined) => v?.trim() || null;

function deviceOf(v: EventFormValues) {
  const d = { type: text(v.device?.type), brand: text(v.device?.brand), model: text(v.device?.model) };
  return d.type || d.brand || d.model ? d : null;
}

/** The form as `POST /api/planner/events`' body: moments with the browser's offset; a shift carries no client or device. */
export function toCreateBody(v: EventFormValues, locationId?: string): CreatePlannerEventRequest {
  const appointment = v.kind === 'appointment';
  return {
    kind: v.kind,
    title: appointment ? text(v.title) : text(v.title) ?? 'Смена',
    start: moment(v.start),
    end: moment(v.end),
    employeeId: v.employeeId ?? '',
    ...(locationId ? { locationId } : {}),
    clientId: appointment ? v.clientId || null : null,
    device: appointment ? deviceOf(v) : null,
    comment: text(v.comment),
  };
}

/** The edit form as `PATCH /api/planner/events/:id`' body. */
export function toUpdateBody(v: EventFormValues, kind: EditablePlannerKind): UpdatePlannerEventRequest {
  const appointment = kind === 'appointment';
  return {
    title: text(v.title),
    start: moment(v.start),
    end: moment(v.end),
    employeeId: v.employeeId,
    ...(appointment ? { clientId: v.clientId || null, device: deviceOf(v) } : {}),
    comment: text(v.comment),
  };
}

export type EventFormTarget = { mode: 'create'; start: Date; end: Date } | { mode: 'edit'; event: PlannerEvent };

/**
 * «Новое событие» / «Изменить событие»: a modal form (Enter saves, Esc closes). An appointment has a
 * service, a client found by phone or name, a device and a comment; a shift only its employee and hours.
 * The server's 400 lands on its field; an overlapping appointment is asked about and booked with `force`.
 * Mounted per target (the page keys it), so every opening starts fresh.
 */
export function EventFormModal({
  target,
  locationId,
  defaultEmployeeId,
  onClose,
  onSaved,
}: {
  target: EventFormTarget;
  locationId?: string;
  defaultEmployeeId?: string;
  onClose: () => void;
  onSaved: (event: PlannerEvent) => void;
}) {
  const [form] = Form.useForm<EventFormValues>();
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [clientSearch, setClientSearch] = useState('');
  const confirm = useOverlapConfirm();
  const { refresh } = usePlannerMutations();
  const editing = target.mode === 'edit' ? target.event : null;
  const employees = usePlannerEmployees(editing?.locationId ?? locationId);
  const clients = useClientPick(clientSearch);
  const kind = (Form.useWatch('kind', form) as EditablePlannerKind | undefined) ?? (editing?.kind as EditablePlannerKind | undefined) ?? 'appointment';

  const initialValues: EventFormValues =
    target.mode === 'create'
      ? { kind: 'appointment', start: dayjs(target.start), end: dayjs(target.end), employeeId: defaultEmployeeId }
      : {
          kind: target.event.kind as EditablePlannerKind,
          employeeId: target.event.employeeId,
          start: dayjs(target.event.start),
          end: dayjs(target.event.end),
          title: target.event.title,
          clientId: target.event.clientId ?? undefined,
          device: { type: target.event.device?.type ?? undefined, brand: target.event.device?.brand ?? undefined, model: target.event.device?.model ?? undefined },
          comment: target.event.comment ?? undefined,
        };

  async function submit(values: EventFormValues) {
    setError(null);
    setSaving(true);
    try {
      const saved = await sendWithOverlapConfirm(async (force) => {
        if (target.mode === 'create') {
          const body = toCreateBody(values, locationId);
          return plannerCalls.create(force ? { ...body, force: true } : body);
        }
        const body = toUpdateBody(values, target.event.kind as EditablePlannerKind);
        return plannerCalls.update(target.event.id, force ? { ...body, force: true } : body);
      }, confirm);
      if (saved) {
        void refresh();
        onSaved(saved);
      }
    } catch (e) {
      const entries = setServerErrors(form, e);
      if (!entries.length) setError(getApiError(e).message);
    } finally {
      setSaving(false);
    }
  }

  const staffOptions = (employees.data ?? []).map((e) => ({ value: e.id, label: e.position ? `${e.name} · ${e.position}` : e.name }));
  if (editing && !staffOptions.some((o) => o.value === editing.employeeId)) staffOptions.push({ value: editing.employeeId, label: editing.employeeName });
  const clientOptions = (clients.data ?? []).map((c) => ({ value: c.id, label: `${c.name}${c.phones?.[0] ? ` · ${c.phones[0]}` : ''}` }));
  if (editing?.clientId && !clientOptions.some((o) => o.value === editing.clientId)) {
    clientOptions.push({ value: editing.clientId, label: `${editing.clientName ?? 'Клиент'}${editing.clientPhone ? ` · ${editing.clientPhone}` : ''}` });
  }

  return (
    <Modal
      open
      title={editing ? 'Изменить событие' : 'Новое событие'}
      onCancel={onClose}
      destroyOnHidden
      width={640}
      footer={
        <Space>
          <Button onClick={onClose}>Отмена</Button>
          <Button type="primary" loading={saving} onClick={() => form.submit()}>
            {editing ? 'Сохранить' : 'Создать'}
          </Button>
        </Space>
      }
    >
      {error ? <Alert type="error" showIcon message={error} style={{ marginBottom: 12 }} /> : null}
      <Form<EventFormValues> form={form} layout="vertical" onFinish={(v) => void submit(v)} requiredMark="optional" initialValues={initialValues} data-testid="planner-event-form">
        <Form.Item name="kind" label="Вид">
          <Radio.Group optionType="button" disabled={!!editing} options={editablePlannerKinds.map((k) => ({ value: k, label: plannerKindLabels[k] }))} />
        </Form.Item>
        <Form.Item name="employeeId" label="Сотрудник" rules={[{ required: true, message: 'Выберите сотрудника' }]}>
          <Select showSearch optionFilterProp="label" options={staffOptions} placeholder="Кто" aria-label="Сотрудник" loading={employees.isFetching} />
        </Form.Item>
        <Row gutter={12}>
          <Col span={12}>
            <Form.Item name="start" label="Начало" rules={[{ required: true, message: 'Укажите начало' }]}>
              <DatePicker showTime={{ format: 'HH:mm', minuteStep: 5 }} format={momentFormat} needConfirm={false} style={{ width: '100%' }} aria-label="Начало" />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item
              name="end"
              label="Конец"
              dependencies={['start']}
              rules={[
                { required: true, message: 'Укажите конец' },
                ({ getFieldValue }) => ({
                  validator: async (_r, v: Dayjs | null) => {
                    const s = getFieldValue('start') as Dayjs | null;
                    if (s && v && !v.isAfter(s)) throw new Error('Конец должен быть позже начала');
                  },
                }),
              ]}
            >
              <DatePicker showTime={{ format: 'HH:mm', minuteStep: 5 }} format={momentFormat} needConfirm={false} style={{ width: '100%' }} aria-label="Конец" />
            </Form.Item>
          </Col>
        </Row>
        {kind === 'appointment' ? (
          <>
            <Form.Item name="title" label="Услуга" rules={[{ required: true, whitespace: true, message: 'Укажите услугу, например «Замена экрана»' }]}>
              <Input autoFocus maxLength={plannerLimits.titleMax} placeholder="Замена экрана" aria-label="Услуга" />
            </Form.Item>
            <Form.Item name="clientId" label="Клиент">
              <Select
                showSearch
                allowClear
                filterOption={false}
                onSearch={setClientSearch}
                placeholder="Телефон (любая часть) или имя"
                notFoundContent={clientSearch.length < 2 ? 'Начните вводить телефон или имя' : clients.isFetching ? 'Ищу…' : 'Клиент не найден'}
                options={clientOptions}
                aria-label="Клиент"
              />
            </Form.Item>
            <Row gutter={12}>
              <Col span={8}>
                <Form.Item name={['device', 'type']} label="Тип устройства">
                  <Input maxLength={plannerLimits.deviceFieldMax} placeholder="Смартфон" aria-label="Тип устройства" />
                </Form.Item>
              </Col>
              <Col span={8}>
                <Form.Item name={['device', 'brand']} label="Бренд">
                  <Input maxLength={plannerLimits.deviceFieldMax} placeholder="Apple" aria-label="Бренд" />
                </Form.Item>
              </Col>
              <Col span={8}>
                <Form.Item name={['device', 'model']} label="Модель">
                  <Input maxLength={plannerLimits.deviceFieldMax} placeholder="iPhone 13" aria-label="Модель" />
                </Form.Item>
              </Col>
            </Row>
          </>
        ) : null}
        <Form.Item name="comment" label="Комментарий">
          <Input.TextArea autoSize={{ minRows: 1, maxRows: 4 }} maxLength={plannerLimits.commentMax} aria-label="Комментарий" />
        </Form.Item>
        <button type="submit" hidden aria-hidden tabIndex={-1} />
      </Form>
    </Modal>
  );
}
