import { defaultPaperOf, paperFormatLabels, paperFormats, templateKindLabels, templateKinds, type Template, type TemplateKind } from '@repo/contracts';
import { getApiError, notify } from '@repo/shared-core';
import { Alert, Button, Flex, Form, Input, Modal, Select } from 'antd';
import { useState } from 'react';
import { useTemplateMutations } from '../api';

interface Values {
  name?: string;
  kind: TemplateKind;
  paper: Template['paper'];
}

/** A body to start from when the kind has no built-in to copy. */
const starter: Record<TemplateKind, string> = {
  order_receipt: '<h1>Квитанция № {{ order.number }}</h1>\n<p>{{ client.name }}</p>\n',
  order_act: '<h1>Акт выполненных работ № {{ order.number }}</h1>\n',
  warranty_card: '<h1>Гарантийный талон к заказу № {{ order.number }}</h1>\n',
  sale_receipt: '<h1>Товарный чек № {{ sale.number }}</h1>\n',
  price_label: '{% for p in products %}<div>{{ p.name }} — {{ p.price | rub }}</div>{% endfor %}\n',
  purchase_order: '<h1>Заказ поставщику № {{ purchase.number }}</h1>\n<p>{{ supplier.name }}</p>\n{% for i in items %}<div>{{ i.name }} — {{ i.qty }} × {{ i.price | rub }}</div>{% endfor %}\n',
};

/**
 * «Новый шаблон»: a name and a kind; the body starts as a copy of the kind's built-in document (so a
 * new receipt is a working receipt to adjust), the paper as the kind's usual one.
 */
export function NewTemplateDialog({ templates, onClose, onCreated }: { templates: Template[]; onClose: () => void; onCreated: (t: Template) => void }) {
  const [form] = Form.useForm<Values>();
  const [error, setError] = useState<string | null>(null);
  const { create } = useTemplateMutations();

  async function submit(values: Values) {
    setError(null);
    const base = templates.find((t) => t.kind === values.kind && t.builtIn);
    try {
      const created = await create.mutateAsync({ name: values.name?.trim() ?? '', kind: values.kind, paper: values.paper, body: base?.body ?? starter[values.kind] });
      notify.success(`Шаблон «${created.name}» создан`);
      onCreated(created);
    } catch (e) {
      const err = getApiError(e);
      const known = Object.entries(err.errors ?? {}).filter(([name]) => name === 'name' || name === 'kind' || name === 'paper');
      if (known.length) form.setFields(known.map(([name, msg]) => ({ name: name as keyof Values, errors: [msg] })));
      else setError(err.message);
    }
  }

  return (
    <Modal
      open
      title="Новый шаблон"
      onCancel={onClose}
      destroyOnHidden
      footer={
        <Flex justify="end" gap={8}>
          <Button onClick={onClose}>Отмена</Button>
          <Button type="primary" onClick={() => form.submit()} loading={create.isPending} data-testid="new-template-submit">
            Создать
          </Button>
        </Flex>
      }
    >
      <Form<Values>
        form={form}
        layout="vertical"
        initialValues={{ kind: 'order_receipt', paper: defaultPaperOf.order_receipt }}
        onValuesChange={(changed: Partial<Values>) => {
          if (changed.kind) form.setFieldValue('paper', defaultPaperOf[changed.kind]);
        }}
        onFinish={(v) => void submit(v)}
      >
        <Form.Item name="name" label="Название" rules={[{ required: true, whitespace: true, message: 'Укажите название шаблона' }]}>
          <Input aria-label="Название" autoFocus maxLength={120} placeholder="Например: Квитанция без условий" />
        </Form.Item>
        <Form.Item name="kind" label="Вид документа" extra="Текст возьмётся из встроенного шаблона этого вида — его останется поправить.">
          <Select aria-label="Вид документа" options={templateKinds.map((k) => ({ value: k, label: templateKindLabels[k] }))} />
        </Form.Item>
        <Form.Item name="paper" label="Формат бумаги">
          <Select aria-label="Формат бумаги" options={paperFormats.map((p) => ({ value: p, label: paperFormatLabels[p] }))} />
        </Form.Item>
        {error ? <Alert type="error" showIcon title={error} role="alert" /> : null}
      </Form>
    </Modal>
  );
}
