import { PlusOutlined } from '@ant-design/icons';
import type { Template } from '@repo/contracts';
import { EmptyState, QueryError, useRule } from '@repo/ui';
import { App, Button, Card, Col, Row, Skeleton } from 'antd';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useTemplateList } from '../api';
import { NewTemplateDialog } from '../components/new-template-dialog';
import type { Subject } from '../components/subject-picker';
import { TemplateEditor } from '../components/template-editor';
import { TemplateList } from '../components/template-list';

/**
 * `/patterns`: printed documents. The templates on the left (kind, «изменён» when a built-in differs
 * from its default), the editor of the chosen one on the right with a live preview for a real order or
 * products. The template and the subject are in the URL (`?id=…&orderId=…` or `&productIds=a,b`), so a
 * reload or a shared link opens the same preview.
 */
export function TemplatesPage() {
  const [params, setParams] = useSearchParams();
  const list = useTemplateList();
  const { modal } = App.useApp();
  const canCreate = useRule('create:template');
  const [creating, setCreating] = useState(false);
  const dirty = useRef(false);
  const templates = list.data ?? [];
  const id = params.get('id');
  const selected = templates.find((t) => t.id === id) ?? null;
  const subject: Subject = {
    orderId: params.get('orderId') ?? undefined,
    productIds: params.get('productIds')?.split(',').filter(Boolean) ?? undefined,
    purchaseOrderId: params.get('purchaseOrderId') ?? undefined,
  };

  const update = useCallback(
    (changes: Record<string, string | null | undefined>, replace = true) =>
      setParams(
        (p) => {
          const next = new URLSearchParams(p);
          for (const [k, v] of Object.entries(changes)) {
            if (v) next.set(k, v);
            else next.delete(k);
          }
          return next;
        },
        { replace },
      ),
    [setParams],
  );

  // Nothing chosen yet: the first template opens.
  const firstId = list.data?.[0]?.id;
  useEffect(() => {
    if (!id && firstId) update({ id: firstId });
  }, [id, firstId, update]);

  const open = (next: string) => {
    if (next === id) return;
    const go = () => {
      dirty.current = false;
      update({ id: next }, false);
    };
    if (!dirty.current) return go();
    modal.confirm({ title: 'Есть несохранённые изменения', content: 'Открыть другой шаблон без сохранения?', okText: 'Открыть', cancelText: 'Остаться', onOk: go });
  };
  const onDirtyChange = useCallback((d: boolean) => {
    dirty.current = d;
  }, []);

  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} lg={8} xl={7} xxl={5}>
        <Card
          title="Шаблоны"
          styles={{ body: { padding: 8 } }}
          extra={
            canCreate ? (
              <Button icon={<PlusOutlined />} onClick={() => setCreating(true)} data-testid="template-new" aria-label="Новый шаблон" title="Новый шаблон">
                Новый
              </Button>
            ) : null
          }
        >
          {list.isPending ? <Skeleton active paragraph={{ rows: 8 }} /> : null}
          {list.isError ? <QueryError bare title="Не удалось загрузить шаблоны" error={list.error} onRetry={() => list.refetch()} retrying={list.isFetching} /> : null}
          {list.data && templates.length === 0 ? <EmptyState bare description="Шаблонов пока нет" /> : null}
          {templates.length ? <TemplateList templates={templates} selectedId={selected?.id ?? null} onSelect={open} /> : null}
        </Card>
      </Col>
      <Col xs={24} lg={16} xl={17} xxl={19}>
        {selected ? (
          <TemplateEditor
            key={selected.id}
            template={selected}
            subject={subject}
            onSubjectChange={(s) => update({ orderId: s.orderId, productIds: s.productIds?.join(','), purchaseOrderId: s.purchaseOrderId })}
            onDirtyChange={onDirtyChange}
            onDeleted={() => update({ id: templates.find((t) => t.id !== selected.id)?.id ?? null })}
          />
        ) : list.data && id ? (
          <EmptyState description="Шаблон не найден: возможно, его удалили">
            <Button onClick={() => update({ id: templates[0]?.id ?? null })}>К первому шаблону</Button>
          </EmptyState>
        ) : null}
      </Col>
      {creating ? (
        <NewTemplateDialog
          templates={templates}
          onClose={() => setCreating(false)}
          onCreated={(t: Template) => {
            setCreating(false);
            dirty.current = false;
            update({ id: t.id }, false);
          }}
        />
      ) : null}
    </Row>
  );
}
