import { PlusOutlined } from '@ant-design/icons';
import { financeCategoryKindLabels, type FinanceCategoryKind } from '@repo/contracts';
import { getApiError, notify } from '@repo/shared-core';
import { Can, QueryError, useRule } from '@repo/ui';
import { Button, Card, Flex, Form, Input, Modal, Table, Tag, TreeSelect, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useCategoryMutations, useFinanceCategories } from '../api';
import { categoryTree, type CategoryNode } from '../categories';

type Editing = { kind: FinanceCategoryKind; id?: string; name?: string; parentId?: string | null } | null;

/** The income and expense category trees: add, rename, move under another, archive and restore. */
export function CategoriesTab() {
  const categories = useFinanceCategories();
  const [editing, setEditing] = useState<Editing>(null);
  if (categories.isError) return <QueryError error={categories.error} onRetry={() => void categories.refetch()} />;
  return (
    <Flex gap={16} wrap align="start">
      {(['income', 'expense'] as const).map((kind) => (
        <CategoryCard key={kind} kind={kind} loading={categories.isPending} onEdit={setEditing} />
      ))}
      {editing ? <CategoryDialog editing={editing} onClose={() => setEditing(null)} /> : null}
    </Flex>
  );
}

function CategoryCard({ kind, loading, onEdit }: { kind: FinanceCategoryKind; loading: boolean; onEdit: (e: Editing) => void }) {
  const categories = useFinanceCategories();
  const { update } = useCategoryMutations();
  const canEdit = useRule('edit:finance');
  const tree = useMemo(() => categoryTree(categories.data ?? [], kind), [categories.data, kind]);
  const strip = (nodes: CategoryNode[]): CategoryNode[] => nodes.map((n) => ({ ...n, children: n.children.length ? strip(n.children) : (undefined as never) }));

  async function toggleArchive(node: CategoryNode) {
    try {
      await update.mutateAsync({ id: node.category.id, archived: !node.category.archived });
      notify.success(node.category.archived ? 'Статья возвращена' : 'Статья убрана в архив');
    } catch (e) {
      notify.error(getApiError(e).message);
    }
  }

  return (
    <Card
      size="small"
      title={kind === 'income' ? 'Статьи прихода' : 'Статьи расхода'}
      style={{ flex: '1 1 420px', minWidth: 360 }}
      extra={
        <Can rule="edit:finance">
          <Button size="small" icon={<PlusOutlined />} onClick={() => onEdit({ kind })}>
            Добавить
          </Button>
        </Can>
      }
    >
      <Table<CategoryNode>
        // Mounted again once the tree arrives, so `defaultExpandAllRows` opens the loaded rows.
        key={tree.length}
        size="small"
        rowKey="key"
        loading={loading}
        pagination={false}
        dataSource={strip(tree)}
        expandable={{ defaultExpandAllRows: true }}
        locale={{ emptyText: `Статей ${financeCategoryKindLabels[kind].toLowerCase()}а пока нет` }}
        columns={[
          {
            key: 'name',
            title: 'Статья',
            render: (_, n) => (
              <>
                <Typography.Text type={n.category.archived ? 'secondary' : undefined} delete={n.category.archived}>
                  {n.category.name}
                </Typography.Text>
                {n.category.code ? <Tag style={{ marginInlineStart: 6 }}>системная</Tag> : null}
                {n.category.archived ? <Tag style={{ marginInlineStart: 6 }}>в архиве</Tag> : null}
              </>
            ),
          },
          ...(canEdit
            ? [
                {
                  key: 'actions',
                  title: '',
                  width: 200,
                  render: (_: unknown, n: CategoryNode) => (
                    <Flex gap={4} justify="end">
                      <Button size="small" type="link" onClick={() => onEdit({ kind, id: n.category.id, name: n.category.name, parentId: n.category.parentId })}>
                        Изменить
                      </Button>
                      {n.category.code ? null : (
                        <Button size="small" type="link" danger={!n.category.archived} onClick={() => void toggleArchive(n)}>
                          {n.category.archived ? 'Вернуть' : 'В архив'}
                        </Button>
                      )}
                    </Flex>
                  ),
                },
              ]
            : []),
        ]}
      />
    </Card>
  );
}

function CategoryDialog({ editing, onClose }: { editing: NonNullable<Editing>; onClose: () => void }) {
  const [form] = Form.useForm<{ name: string; parentId?: string | null }>();
  const categories = useFinanceCategories();
  const { create, update } = useCategoryMutations();
  const parents = useMemo(
    () => categoryTree(categories.data ?? [], editing.kind, { pickable: true }).filter((n) => n.category.id !== editing.id).map((n) => ({ ...n, children: [] })),
    [categories.data, editing.kind, editing.id],
  );

  async function submit(values: { name: string; parentId?: string | null }) {
    try {
      if (editing.id) await update.mutateAsync({ id: editing.id, name: values.name, parentId: values.parentId ?? null });
      else await create.mutateAsync({ kind: editing.kind, name: values.name, parentId: values.parentId ?? null });
      notify.success('Сохранено');
      onClose();
    } catch (e) {
      const err = getApiError(e);
      if (err.errors) form.setFields(Object.entries(err.errors).map(([name, msg]) => ({ name: name as 'name', errors: [msg] })));
      else notify.error(err.message);
    }
  }

  return (
    <Modal
      open
      title={editing.id ? 'Статья' : `Новая статья ${editing.kind === 'income' ? 'прихода' : 'расхода'}`}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={editing.id ? 'Сохранить' : 'Добавить'}
      cancelText="Отмена"
      confirmLoading={create.isPending || update.isPending}
    >
      <Form form={form} layout="vertical" onFinish={(v) => void submit(v)} initialValues={{ name: editing.name ?? '', parentId: editing.parentId ?? undefined }}>
        <Form.Item name="name" label="Название" rules={[{ required: true, whitespace: true, message: 'Укажите название статьи' }]}>
          <Input autoFocus maxLength={100} />
        </Form.Item>
        <Form.Item name="parentId" label="Входит в" extra="Пусто — статья верхнего уровня">
          <TreeSelect allowClear treeData={parents} placeholder="Верхний уровень" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
