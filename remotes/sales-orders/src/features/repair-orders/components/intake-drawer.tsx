import { imeiChecksumOk, paymentMethodLabels, paymentMethods, toKopecks, type CreateOrderRequest, type DeviceHistoryItem, type Order, type PaymentMethod, type PlannerEvent } from '@repo/contracts';
import { api, applyPhoneMask, formatDate, formatMoney, getApiError, notify, useLocationStore } from '@repo/shared-core';
import { setServerErrors, useRule } from '@repo/ui';
import { Alert, AutoComplete, Button, Checkbox, Col, DatePicker, Divider, Drawer, Flex, Form, Input, InputNumber, Row, Segmented, Select, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useEffect, useRef, useState } from 'react';
import { newIdempotencyKey, useAppointment, useCashboxes, useClientSearch, useDeviceDictionary, useOrderMutations, useStaff } from '../api';

interface Values {
  clientId?: string;
  client?: { name?: string; phone?: string };
  device: { type?: string; brand?: string; model?: string; imei?: string; serial?: string; appearance?: string; kit?: string };
  malfunction?: string;
  estimate?: number | null;
  dueAt?: Dayjs | null;
  urgent?: boolean;
  engineerId?: string;
  prepayment?: { amount?: number | null; cashboxId?: string; method?: PaymentMethod };
  comment?: string;
}

/** The IMEI field's check: empty, or 15 digits whose last one is the Luhn check digit. */
export function imeiProblem(value: string | undefined): string | null {
  const digits = (value ?? '').replace(/[\s-]/g, '');
  if (!digits) return null;
  if (!/^\d{15}$/.test(digits)) return 'IMEI — 15 цифр';
  return imeiChecksumOk(digits) ? null : 'Неверный IMEI: не сходится контрольная цифра';
}

/** The request of the intake form (money typed in roubles, the phone as masked). */
export function intakeRequest(v: Values, mode: 'find' | 'new', canPay: boolean): CreateOrderRequest {
  const amount = canPay ? toKopecks(v.prepayment?.amount) : null;
  return {
    ...(mode === 'find' ? { clientId: v.clientId ?? null } : { client: { name: v.client?.name?.trim() ?? '', phone: v.client?.phone ?? '' } }),
    device: {
      type: v.device.type?.trim() ?? '',
      brand: v.device.brand?.trim() ?? '',
      model: v.device.model?.trim() ?? '',
      imei: v.device.imei?.trim() || null,
      serial: v.device.serial?.trim() || null,
      appearance: v.device.appearance?.trim() || null,
      kit: v.device.kit?.trim() || null,
    },
    malfunction: v.malfunction?.trim() ?? '',
    estimate: toKopecks(v.estimate),
    dueAt: v.dueAt ? v.dueAt.toISOString() : null,
    urgent: !!v.urgent,
    engineerId: v.engineerId ?? null,
    prepayment: amount ? { amount, cashboxId: v.prepayment?.cashboxId ?? '', method: v.prepayment?.method ?? 'cash' } : null,
    comment: v.comment?.trim() || null,
  };
}

/** What an appointment of the planner prefills: the client, the device, the malfunction (service + comment). */
export function appointmentPrefill(a: PlannerEvent): Partial<Values> {
  return {
    ...(a.clientId ? { clientId: a.clientId } : {}),
    device: { type: a.device?.type ?? undefined, brand: a.device?.brand ?? undefined, model: a.device?.model ?? undefined },
    malfunction: [a.title, a.comment].map((t) => t?.trim()).filter(Boolean).join('. ') || undefined,
  };
}

/**
 * The intake at the counter: the client (found by phone or name, or new), the device from the
 * dictionary (type → brand → model, a new one joins it), IMEI checked as typed with its earlier orders
 * shown at once, the malfunction, estimate and due date, the engineer, and a prepayment. Enter submits.
 * From the planner (`appointmentId`): prefilled from the appointment, and the order is linked to it.
 */
export function IntakeDrawer({
  open,
  onClose,
  onCreated,
  appointmentId,
}: {
  open: boolean;
  onClose: () => void;
  onCreated: (order: Order) => void;
  appointmentId?: string | null;
}) {
  const [form] = Form.useForm<Values>();
  const [mode, setMode] = useState<'find' | 'new'>('find');
  // Mounted per intake (the list renders it only while open): one key and a fresh form each time.
  const [key] = useState(newIdempotencyKey);
  const [error, setError] = useState<string | null>(null);
  const [clientSearch, setClientSearch] = useState('');
  const [history, setHistory] = useState<DeviceHistoryItem[]>([]);
  const canPay = useRule('create:finance');
  const current = useLocationStore((s) => s.current?._id);
  const clients = useClientSearch(clientSearch);
  const staff = useStaff();
  const cashboxes = useCashboxes(open && canPay);
  const type = Form.useWatch(['device', 'type'], form) as string | undefined;
  const brand = Form.useWatch(['device', 'brand'], form) as string | undefined;
  const types = useDeviceDictionary({});
  const brands = useDeviceDictionary({ type });
  const models = useDeviceDictionary({ type, brand });
  const { create } = useOrderMutations();
  const mine = (cashboxes.data ?? []).filter((c) => c.locationId === current);
  const appointment = useAppointment(appointmentId);
  const prefilled = useRef({ fields: false, engineer: false });

  // The appointment's client, device and service, once (later edits are the user's).
  useEffect(() => {
    const a = appointment.data;
    if (!a || prefilled.current.fields) return;
    prefilled.current.fields = true;
    form.setFieldsValue(appointmentPrefill(a));
  }, [appointment.data, form]);

  // Its employee as the engineer, if they are on the shop's staff list (which may arrive later).
  useEffect(() => {
    const a = appointment.data;
    if (!a || prefilled.current.engineer || !staff.data) return;
    prefilled.current.engineer = true;
    if (staff.data.some((e) => e.id === a.employeeId) && !form.getFieldValue('engineerId')) form.setFieldValue('engineerId', a.employeeId);
  }, [appointment.data, staff.data, form]);

  useEffect(() => {
    const fallback = mine.find((c) => c.isDefault)?.id ?? mine[0]?.id;
    if (open && fallback && !form.getFieldValue(['prepayment', 'cashboxId'])) form.setFieldValue(['prepayment', 'cashboxId'], fallback);
  }, [open, mine, form]);

  /** The device's earlier orders, as soon as its IMEI or serial is typed. */
  async function lookup(value: string | undefined) {
    const q = (value ?? '').replace(/[\s-]/g, '');
    if (q.length < 5) return setHistory([]);
    try {
      const res = await api.get<{ items: DeviceHistoryItem[] }>('devices/history', { params: { q } });
      setHistory(res.data.items.filter((i) => i.kind === 'repair_order'));
    } catch {
      setHistory([]);
    }
  }

  async function submit(values: Values) {
    setError(null);
    try {
      const body = intakeRequest(values, mode, canPay);
      const order = await create.mutateAsync({ body: appointment.data ? { ...body, appointmentId: appointment.data.id } : body, key });
      notify.success(`Заказ ${order.number} принят`);
      onCreated(order);
    } catch (e) {
      const entries = setServerErrors(form, e);
      if (!entries.length) setError(getApiError(e).message);
    }
  }

  const options = (list: string[] | undefined) => (list ?? []).map((v) => ({ value: v }));

  return (
    <Drawer
      open={open}
      onClose={onClose}
      width={760}
      title="Приём устройства в ремонт"
      destroyOnHidden
      extra={
        <Button type="primary" onClick={() => form.submit()} loading={create.isPending}>
          Принять
        </Button>
      }
    >
      {error ? <Alert type="error" showIcon message={error} style={{ marginBottom: 12 }} /> : null}
      <Form form={form} layout="vertical" onFinish={(v) => void submit(v)} initialValues={{ urgent: false, prepayment: { method: 'cash' } }}>
        <Flex justify="space-between" align="center" style={{ marginBottom: 8 }}>
          <Typography.Title level={5} style={{ margin: 0 }}>
            Клиент
          </Typography.Title>
          <Segmented
            size="small"
            value={mode}
            onChange={(v) => setMode(v as 'find' | 'new')}
            options={[
              { value: 'find', label: 'Найти' },
              { value: 'new', label: 'Новый клиент' },
            ]}
          />
        </Flex>
        {mode === 'find' ? (
          <Form.Item name="clientId" label="Клиент" rules={[{ required: true, message: 'Выберите клиента или добавьте нового' }]}>
            <Select
              showSearch
              autoFocus
              filterOption={false}
              onSearch={setClientSearch}
              placeholder="Телефон (любая часть) или имя"
              notFoundContent={clientSearch.length < 2 ? 'Начните вводить телефон или имя' : clients.isFetching ? 'Ищу…' : 'Не нашли — добавьте нового клиента'}
              options={[
                ...(appointment.data?.clientId && !(clients.data ?? []).some((c) => c.id === appointment.data?.clientId)
                  ? [{ value: appointment.data.clientId, label: `${appointment.data.clientName ?? 'Клиент'}${appointment.data.clientPhone ? ` · ${appointment.data.clientPhone}` : ''}` }]
                  : []),
                ...(clients.data ?? []).map((c) => ({ value: c.id, label: `${c.name}${c.phones[0] ? ` · ${c.phones[0]}` : ''}` })),
              ]}
              aria-label="Клиент"
            />
          </Form.Item>
        ) : (
          <Row gutter={12}>
            <Col span={12}>
              <Form.Item name={['client', 'phone']} label="Телефон" rules={[{ required: true, message: 'Укажите телефон' }]} normalize={(v: string) => applyPhoneMask(v)}>
                <Input placeholder="+7 (___) ___-__-__" inputMode="tel" autoFocus />
              </Form.Item>
            </Col>
            <Col span={12}>
              <Form.Item name={['client', 'name']} label="Имя" rules={[{ required: true, message: 'Укажите имя клиента' }]}>
                <Input maxLength={200} />
              </Form.Item>
            </Col>
          </Row>
        )}

        <Divider style={{ margin: '4px 0 12px' }} />
        <Typography.Title level={5}>Устройство</Typography.Title>
        <Row gutter={12}>
          <Col span={8}>
            <Form.Item name={['device', 'type']} label="Тип" rules={[{ required: true, message: 'Укажите: тип устройства' }]}>
              <AutoComplete options={options(types.data?.types)} filterOption={(input, o) => String(o?.value ?? '').toLowerCase().includes(input.toLowerCase())} placeholder="Смартфон" />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item name={['device', 'brand']} label="Бренд" rules={[{ required: true, message: 'Укажите: бренд' }]}>
              <AutoComplete options={options(brands.data?.brands)} filterOption={(input, o) => String(o?.value ?? '').toLowerCase().includes(input.toLowerCase())} placeholder="Apple" />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item name={['device', 'model']} label="Модель" rules={[{ required: true, message: 'Укажите: модель' }]}>
              <AutoComplete options={options(brand ? models.data?.models : [])} filterOption={(input, o) => String(o?.value ?? '').toLowerCase().includes(input.toLowerCase())} placeholder="iPhone 13" />
            </Form.Item>
          </Col>
        </Row>
        <Row gutter={12}>
          <Col span={12}>
            <Form.Item
              name={['device', 'imei']}
              label="IMEI"
              validateTrigger="onBlur"
              rules={[{ validator: async (_r, v: string | undefined) => { const p = imeiProblem(v); if (p) throw new Error(p); } }]}
            >
              <Input inputMode="numeric" maxLength={20} placeholder="15 цифр" onBlur={(e) => void lookup(e.target.value)} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name={['device', 'serial']} label="Серийный номер">
              <Input maxLength={60} onBlur={(e) => void lookup(e.target.value)} />
            </Form.Item>
          </Col>
        </Row>
        {history.length ? (
          <Alert
            type="info"
            showIcon
            style={{ marginBottom: 12 }}
            message="Это устройство уже было в ремонте"
            description={history.slice(0, 5).map((h) => (
              <div key={h.documentId}>
                <a href={`/orders/${h.documentId}`} target="_blank" rel="noreferrer">
                  {h.number}
                </a>{' '}
                от {formatDate(h.at)} · {h.details}
              </div>
            ))}
          />
        ) : null}
        <Row gutter={12}>
          <Col span={12}>
            <Form.Item name={['device', 'appearance']} label="Внешний вид">
              <Input.TextArea autoSize={{ minRows: 1, maxRows: 3 }} maxLength={1000} placeholder="Царапины, сколы, трещины" />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name={['device', 'kit']} label="Комплектация">
              <Input.TextArea autoSize={{ minRows: 1, maxRows: 3 }} maxLength={1000} placeholder="Без зарядки, в чехле" />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item name="malfunction" label="Заявленная неисправность" rules={[{ required: true, message: 'Опишите неисправность' }]}>
          <Input.TextArea autoSize={{ minRows: 2, maxRows: 5 }} maxLength={2000} />
        </Form.Item>

        <Row gutter={12}>
          <Col span={8}>
            <Form.Item name="estimate" label="Оценка, ₽">
              <InputNumber min={0} step={100} precision={2} style={{ width: '100%' }} decimalSeparator="," />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item name="dueAt" label="Срок">
              <DatePicker showTime={{ format: 'HH:mm' }} format="DD.MM.YYYY HH:mm" style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item name="engineerId" label="Мастер">
              <Select allowClear options={(staff.data ?? []).map((e) => ({ value: e.id, label: e.name }))} placeholder="Не назначен" />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item name="urgent" valuePropName="checked" style={{ marginTop: -8 }}>
          <Checkbox>Срочный ремонт</Checkbox>
        </Form.Item>

        {canPay ? (
          <>
            <Divider style={{ margin: '4px 0 12px' }} />
            <Typography.Title level={5}>Предоплата</Typography.Title>
            <Row gutter={12}>
              <Col span={6}>
                <Form.Item name={['prepayment', 'amount']} label="Сумма, ₽">
                  <InputNumber min={0} step={100} precision={2} style={{ width: '100%' }} decimalSeparator="," />
                </Form.Item>
              </Col>
              <Col span={9}>
                <Form.Item name={['prepayment', 'cashboxId']} label="Касса">
                  <Select options={mine.map((c) => ({ value: c.id, label: `${c.name} — ${formatMoney(c.balance)}` }))} />
                </Form.Item>
              </Col>
              <Col span={9}>
                <Form.Item name={['prepayment', 'method']} label="Способ">
                  <Segmented block options={paymentMethods.map((m) => ({ value: m, label: paymentMethodLabels[m] }))} />
                </Form.Item>
              </Col>
            </Row>
          </>
        ) : null}
        <Form.Item name="comment" label="Комментарий для мастера">
          <Input.TextArea autoSize={{ minRows: 1, maxRows: 4 }} maxLength={2000} />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={create.isPending}>
          Принять и распечатать квитанцию
        </Button>
      </Form>
    </Drawer>
  );
}
