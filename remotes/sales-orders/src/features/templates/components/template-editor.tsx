import { DeleteOutlined, PrinterOutlined, RollbackOutlined, SaveOutlined } from '@ant-design/icons';
import {
  paperFormatLabels,
  paperFormats,
  templateKindLabels,
  templateMessages,
  templateSubjects,
  type TemplateSubject,
  type PaperFormat,
  type RenderTemplateRequest,
  type RequiredRule,
  type Template,
} from '@repo/contracts';
import { getApiError, notify } from '@repo/shared-core';
import { useRule } from '@repo/ui';
import { Alert, Button, Card, Col, Flex, Form, Input, Popconfirm, Row, Select, Skeleton, Tag, Typography } from 'antd';
import type { TextAreaRef } from 'antd/es/input/TextArea';
import { useEffect, useMemo, useRef, useState } from 'react';
import { renderTemplate, usePreview, useTemplateMutations } from '../api';
import { insertAtCursor, previewDocument, printFrame } from '../document';
import { useDebounced } from '../use-debounced';
import { SubjectPicker, type Subject } from './subject-picker';
import { VariablesPanel } from './variables-panel';

interface Values {
  name: string;
  paper: PaperFormat;
  body: string;
}

const printRuleOf: Record<TemplateSubject, RequiredRule[]> = {
  order: ['print:repair_order'],
  sale: ['print:sale', 'print:template'],
  products: ['print:product', 'print:template'],
  purchase_order: ['view:purchase_order'],
};

/**
 * The editor of one template: name, paper, the body (monospace; a click on a variable inserts it at the
 * cursor), and a live preview filled on the server for a real order or products — the unsaved body,
 * re-rendered 400 ms after typing stops, sanitised again here and shown in a sandboxed frame without
 * scripts. «Печать» prints that frame and records the print on the server.
 */
export function TemplateEditor({
  template,
  subject,
  onSubjectChange,
  onDirtyChange,
  onDeleted,
}: {
  template: Template;
  subject: Subject;
  onSubjectChange: (next: Subject) => void;
  onDirtyChange: (dirty: boolean) => void;
  onDeleted: () => void;
}) {
  const [form] = Form.useForm<Values>();
  const textRef = useRef<TextAreaRef>(null);
  const frameRef = useRef<HTMLIFrameElement>(null);
  const { update, remove } = useTemplateMutations();
  const [printing, setPrinting] = useState(false);
  const canEdit = useRule('edit:template');
  const canDelete = useRule('delete:template');
  const kind = templateSubjects[template.kind];
  const canPrint = useRule(printRuleOf[kind]);

  const name = (Form.useWatch('name', form) as string | undefined) ?? template.name;
  const paper = (Form.useWatch('paper', form) as PaperFormat | undefined) ?? template.paper;
  const body = (Form.useWatch('body', form) as string | undefined) ?? template.body;
  const dirty = name !== template.name || paper !== template.paper || body !== template.body;

  useEffect(() => onDirtyChange(dirty), [dirty, onDirtyChange]);
  // A change saved elsewhere (a colleague, the order screen) shows here unless there are unsaved edits.
  useEffect(() => {
    if (!dirty) form.setFieldsValue({ name: template.name, paper: template.paper, body: template.body });
  }, [template.updatedAt]); // eslint-disable-line react-hooks/exhaustive-deps

  const subjectReady = kind === 'order' ? !!subject.orderId : kind === 'products' ? !!subject.productIds?.length : kind === 'purchase_order' ? !!subject.purchaseOrderId : false;
  const request = useMemo<RenderTemplateRequest | null>(() => {
    if (!subjectReady || !body.trim()) return null;
    return {
      ...(kind === 'order' ? { orderId: subject.orderId } : kind === 'purchase_order' ? { purchaseOrderId: subject.purchaseOrderId } : { productIds: subject.productIds }),
      ...(body !== template.body ? { body } : {}),
      ...(paper !== template.paper ? { paper } : {}),
    };
  }, [subjectReady, kind, subject.orderId, subject.productIds, subject.purchaseOrderId, body, paper, template.body, template.paper]);
  const settled = useDebounced(request, 400);
  const preview = usePreview(template.id, settled);
  const previewError = preview.isError ? getApiError(preview.error) : null;
  const doc = useMemo(() => (preview.data ? previewDocument(preview.data, name) : ''), [preview.data, name]);

  function insert(snippet: string) {
    const el = textRef.current?.resizableTextArea?.textArea;
    const current = (form.getFieldValue('body') as string | undefined) ?? '';
    const { text, cursor } = insertAtCursor(current, el?.selectionStart, el?.selectionEnd, snippet);
    form.setFieldValue('body', text);
    // The caret goes after the inserted text once the new value is in the field.
    setTimeout(() => {
      el?.focus();
      el?.setSelectionRange(cursor, cursor);
    }, 0);
  }

  function showErrors(e: unknown) {
    const err = getApiError(e);
    const known = Object.entries(err.errors ?? {}).filter(([field]) => field === 'name' || field === 'paper' || field === 'body');
    if (known.length) form.setFields(known.map(([field, msg]) => ({ name: field as keyof Values, errors: [msg] })));
    else notify.error(err.message);
  }

  async function save() {
    try {
      await form.validateFields();
    } catch {
      return;
    }
    try {
      const saved = await update.mutateAsync({
        id: template.id,
        ...(name !== template.name ? { name: name.trim() } : {}),
        ...(paper !== template.paper ? { paper } : {}),
        ...(body !== template.body ? { body } : {}),
      });
      form.resetFields();
      form.setFieldsValue({ name: saved.name, paper: saved.paper, body: saved.body });
      notify.success(saved.body !== body ? 'Шаблон сохранён; запрещённая разметка убрана' : 'Шаблон сохранён');
    } catch (e) {
      showErrors(e);
    }
  }

  async function restore() {
    try {
      const saved = await update.mutateAsync({ id: template.id, restoreDefault: true });
      form.resetFields();
      form.setFieldsValue({ name: saved.name, paper: saved.paper, body: saved.body });
      notify.success('Шаблон восстановлен по умолчанию');
    } catch (e) {
      showErrors(e);
    }
  }

  async function destroy() {
    try {
      await remove.mutateAsync(template.id);
      notify.success(`Шаблон «${template.name}» удалён`);
      onDeleted();
    } catch (e) {
      notify.error(getApiError(e).message);
    }
  }

  async function print() {
    if (!request || !frameRef.current) return;
    setPrinting(true);
    try {
      const rendered = await renderTemplate(template.id, { ...request, print: true });
      await printFrame(frameRef.current, previewDocument(rendered, name));
    } catch (e) {
      showErrors(e);
    } finally {
      setPrinting(false);
    }
  }

  return (
    <Card
      title={
        <Flex gap={8} align="center" wrap>
          <span>{template.name}</span>
          <Typography.Text type="secondary" style={{ fontWeight: 'normal' }}>
            {templateKindLabels[template.kind]}
          </Typography.Text>
          {template.modified ? <Tag color="orange">изменён</Tag> : null}
          {dirty ? <Tag color="blue">не сохранён</Tag> : null}
        </Flex>
      }
    >
      {/* The actions are a toolbar of the body, not the card's header: there they squeezed the title at 1024 px. */}
      <Flex gap={8} wrap style={{ marginBottom: 16 }}>
        {canEdit ? (
          <Button type="primary" icon={<SaveOutlined />} onClick={() => void save()} loading={update.isPending} disabled={!dirty} data-testid="template-save" title="Ctrl+S">
            Сохранить
          </Button>
        ) : null}
        {canPrint ? (
          <Button icon={<PrinterOutlined />} onClick={() => void print()} loading={printing} disabled={!request} data-testid="template-print">
            Печать
          </Button>
        ) : null}
        {canEdit && template.builtIn ? (
          <Popconfirm title="Вернуть текст и формат по умолчанию?" description="Ваши изменения этого шаблона пропадут." okText="Восстановить" cancelText="Отмена" onConfirm={() => restore()}>
            <Button icon={<RollbackOutlined />}>Восстановить по умолчанию</Button>
          </Popconfirm>
        ) : null}
        {canDelete && !template.builtIn ? (
          <Popconfirm title={`Удалить шаблон «${template.name}»?`} okText="Удалить" okButtonProps={{ danger: true }} cancelText="Отмена" onConfirm={() => destroy()}>
            <Button danger icon={<DeleteOutlined />}>
              Удалить
            </Button>
          </Popconfirm>
        ) : null}
      </Flex>
      <Form<Values> form={form} layout="vertical" initialValues={{ name: template.name, paper: template.paper, body: template.body }}>
        <Row gutter={16}>
          <Col xs={24} md={14}>
            <Form.Item name="name" label="Название" rules={[{ required: true, whitespace: true, message: 'Укажите название шаблона' }]}>
              <Input aria-label="Название" maxLength={120} disabled={!canEdit} />
            </Form.Item>
          </Col>
          <Col xs={24} md={10}>
            <Form.Item name="paper" label="Формат бумаги">
              <Select aria-label="Формат бумаги" options={paperFormats.map((p) => ({ value: p, label: paperFormatLabels[p] }))} disabled={!canEdit} />
            </Form.Item>
          </Col>
        </Row>
        <Row gutter={[16, 16]}>
          <Col xs={24} xl={12}>
            <Form.Item
              name="body"
              label="Текст шаблона (HTML и Liquid)"
              rules={[{ required: true, whitespace: true, message: 'Шаблон пуст' }]}
              {...(previewError?.errors?.body ? { validateStatus: 'error' as const, help: previewError.errors.body } : {})}
            >
              <Input.TextArea
                ref={textRef}
                aria-label="Текст шаблона"
                rows={26}
                spellCheck={false}
                readOnly={!canEdit}
                style={{ fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, "Liberation Mono", monospace', fontSize: 13, whiteSpace: 'pre' }}
                onKeyDown={(e) => {
                  if ((e.ctrlKey || e.metaKey) && e.key.toLowerCase() === 's') {
                    e.preventDefault();
                    if (canEdit && dirty) void save();
                  }
                }}
              />
            </Form.Item>
            <VariablesPanel kind={template.kind} disabled={!canEdit} onInsert={insert} />
          </Col>
          <Col xs={24} xl={12}>
            <Flex vertical gap={8}>
              <SubjectPicker kind={template.kind} value={subject} onChange={onSubjectChange} />
              <Preview
                doc={doc}
                paper={paper}
                frameRef={frameRef}
                loading={!!settled && preview.isFetching}
                waiting={!subjectReady && kind !== 'sale' ? templateMessages.subjectRequired(kind) : null}
                error={previewError && !previewError.errors?.body ? previewError.message : null}
              />
            </Flex>
          </Col>
        </Row>
      </Form>
    </Card>
  );
}

/** The paper's width in CSS pixels (96 per inch): the document is laid out at it and scaled down to fit. */
const paperPx: Record<PaperFormat, number> = { a4: 794, mm80: 302, mm58: 219, label58x40: 219 };
const PREVIEW_HEIGHT = 640;

function Preview({
  doc,
  paper,
  frameRef,
  loading,
  waiting,
  error,
}: {
  doc: string;
  paper: PaperFormat;
  frameRef: React.RefObject<HTMLIFrameElement | null>;
  loading: boolean;
  waiting: string | null;
  error: string | null;
}) {
  const boxRef = useRef<HTMLDivElement>(null);
  const [boxWidth, setBoxWidth] = useState(0);
  useEffect(() => {
    const el = boxRef.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(([entry]) => setBoxWidth(entry.contentRect.width));
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  // An A4 act is laid out at its real width and shown smaller, as a page, not reflowed into the column.
  const width = paperPx[paper];
  const scale = boxWidth > 0 ? Math.min(1, boxWidth / width) : 1;
  return (
    <Flex vertical gap={8}>
      {error ? <Alert type="error" showIcon title="Предпросмотр не получился" description={error} role="alert" /> : null}
      {waiting ? <Typography.Text type="secondary">{waiting}</Typography.Text> : null}
      {!doc && loading ? <Skeleton active paragraph={{ rows: 8 }} /> : null}
      <div style={{ background: '#f0f0f0', borderRadius: 8, padding: 8, opacity: loading ? 0.6 : 1, transition: 'opacity .2s', display: doc ? 'block' : 'none' }}>
        <div ref={boxRef} style={{ height: PREVIEW_HEIGHT, overflow: 'hidden' }}>
          {/* No allow-scripts: whatever the template holds, nothing in it runs. */}
          <iframe
            ref={frameRef}
            title="Предпросмотр документа"
            sandbox="allow-same-origin allow-modals"
            srcDoc={doc}
            data-testid="template-preview"
            style={{
              display: 'block',
              width,
              height: PREVIEW_HEIGHT / scale,
              border: 0,
              background: '#fff',
              margin: scale < 1 ? 0 : '0 auto',
              boxShadow: '0 1px 4px rgba(0,0,0,.15)',
              transform: scale < 1 ? `scale(${scale})` : undefined,
              transformOrigin: 'top left',
            }}
          />
        </div>
      </div>
    </Flex>
  );
}
