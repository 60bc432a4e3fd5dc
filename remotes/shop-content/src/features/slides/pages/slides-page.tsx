import { DeleteOutlined, EditOutlined, LinkOutlined, PictureOutlined, PlusOutlined } from '@ant-design/icons';
import type { ShopSlide } from '@repo/contracts';
import { formatDate, getApiError, notify } from '@repo/shared-core';
import { Can, QueryError, QueryState, useRule, EmptyState } from '@repo/ui';
import { Button, Card, Flex, Popconfirm, Switch, Tag, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { DragHandle, SortableList, useSortableItem } from '../../../shared/sortable';
import { useSlideMutations, useSlideReorder, useSlides } from '../api';
import { SlideFormModal } from '../components/slide-form';

/** «с 01.12.2026 по 31.12.2026», «с 01.12.2026», «по …», «без срока». */
export function slideDates(s: Pick<ShopSlide, 'activeFrom' | 'activeTo'>): string {
  if (s.activeFrom && s.activeTo) return `с ${formatDate(s.activeFrom)} по ${formatDate(s.activeTo)}`;
  if (s.activeFrom) return `с ${formatDate(s.activeFrom)}`;
  if (s.activeTo) return `по ${formatDate(s.activeTo)}`;
  return 'без срока';
}

function SlideCard({ slide, index, canOrder, canEdit, canDelete, onEdit }: { slide: ShopSlide; index: number; canOrder: boolean; canEdit: boolean; canDelete: boolean; onEdit: () => void }) {
  const { setNodeRef, style, handle } = useSortableItem(slide.id, !canOrder);
  const { update, remove } = useSlideMutations();
  const [toggling, setToggling] = useState(false);
  return (
    <div ref={setNodeRef} style={{ ...style, width: '100%' }} data-testid="slide-card" data-id={slide.id}>
      <Card
        size="small"
        hoverable
        styles={{ body: { padding: 12 } }}
        cover={
          slide.image ? (
            <img src={slide.image.thumbnailUrl} alt={slide.title} style={{ height: 150, objectFit: 'cover' }} />
          ) : (
            <div style={{ height: 150, background: '#f5f5f5', color: '#bfbfbf', display: 'flex', alignItems: 'center', justifyContent: 'center', fontSize: 36 }} aria-hidden>
              <PictureOutlined />
            </div>
          )
        }
      >
        <Flex align="flex-start" gap={6}>
          <DragHandle handle={handle} hidden={!canOrder} />
          <div style={{ flex: 1, minWidth: 0 }}>
            <Flex gap={6} align="center">
              <Typography.Text type="secondary" style={{ flex: 'none' }}>
                {index + 1}.
              </Typography.Text>
              <Typography.Text strong ellipsis={{ tooltip: slide.title }} style={{ flex: 1, minWidth: 0 }} data-testid="slide-title">
                {slide.title}
              </Typography.Text>
            </Flex>
            {slide.text ? (
              <Typography.Paragraph type="secondary" ellipsis={{ rows: 2 }} style={{ marginBottom: 4, fontSize: 13 }}>
                {slide.text}
              </Typography.Paragraph>
            ) : null}
            {slide.buttonText || slide.link ? (
              <div style={{ fontSize: 12, marginBottom: 4 }}>
                {slide.buttonText ? <Tag style={{ marginInlineEnd: 6 }}>{slide.buttonText}</Tag> : null}
                {slide.link ? (
                  <Typography.Text type="secondary" ellipsis style={{ fontSize: 12, maxWidth: 200 }}>
                    <LinkOutlined /> {slide.link}
                  </Typography.Text>
                ) : null}
              </div>
            ) : null}
            <Flex gap={4} wrap align="center">
              {slide.active ? <Tag color="green">активен сейчас</Tag> : slide.published ? <Tag color="default">не в показе</Tag> : <Tag>скрыт</Tag>}
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {slideDates(slide)}
              </Typography.Text>
            </Flex>
          </div>
        </Flex>
        <Flex justify="space-between" align="center" style={{ marginTop: 8, borderTop: '1px solid #f0f0f0', paddingTop: 8 }}>
          <Flex gap={6} align="center">
            <Switch
              size="small"
              checked={slide.published}
              loading={toggling}
              disabled={!canEdit}
              aria-label={`Опубликован: ${slide.title}`}
              onChange={(checked) => {
                setToggling(true);
                update
                  .mutateAsync({ id: slide.id, published: checked, silent: true })
                  .catch((e) => notify.error(getApiError(e).message))
                  .finally(() => setToggling(false));
              }}
            />
            <Typography.Text style={{ fontSize: 12 }}>{slide.published ? 'Опубликован' : 'Черновик'}</Typography.Text>
          </Flex>
          <Flex gap={2}>
            {canEdit ? (
              <Tooltip title="Изменить">
                <Button size="small" type="text" icon={<EditOutlined />} aria-label={`Изменить слайд «${slide.title}»`} onClick={onEdit} />
              </Tooltip>
            ) : null}
            {canDelete ? (
              <Popconfirm title="Удалить слайд?" okText="Удалить" okButtonProps={{ danger: true }} cancelText="Отмена" onConfirm={() => remove.mutateAsync(slide.id).catch(() => undefined)}>
                <Button size="small" type="text" danger icon={<DeleteOutlined />} aria-label={`Удалить слайд «${slide.title}»`} />
              </Popconfirm>
            ) : null}
          </Flex>
        </Flex>
      </Card>
    </div>
  );
}

/** `/constructorMainSlider`: the main page's slides as cards in the site's order (drag by the handle); the open one in a modal (`?slide=<id>`, `?new=1`). */
export function SlidesPage() {
  const [search, setSearch] = useSearchParams();
  const slides = useSlides();
  const reorder = useSlideReorder();
  const canEdit = useRule('edit:shop_content');
  const canDelete = useRule('delete:shop_content');
  const openId = search.get('slide');
  const adding = search.get('new') === '1';
  const setParam = (key: string, value: string | null) =>
    setSearch((p) => {
      const next = new URLSearchParams(p);
      if (value === null) next.delete(key);
      else next.set(key, value);
      return next;
    });
  const open = slides.data?.items.find((s) => s.id === openId);
  const items = slides.data?.items ?? [];
  const activeCount = items.filter((s) => s.active).length;

  return (
    <>
      <Flex gap={8} wrap align="center" style={{ marginBottom: 12 }}>
        <Typography.Text type="secondary">
          {slides.data ? `Слайдов: ${items.length}, в показе сейчас: ${activeCount}. ` : ''}Сайт показывает слайды в этом порядке: перетащите карточку за ручку.
        </Typography.Text>
        <Can rule="create:shop_content">
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setParam('new', '1')} style={{ marginInlineStart: 'auto' }}>
            Добавить слайд
          </Button>
        </Can>
      </Flex>
      {slides.isError && !slides.data ? (
        <QueryError error={slides.error} onRetry={() => void slides.refetch()} title="Не удалось загрузить слайды" />
      ) : (
        <QueryState query={slides} isEmpty={(d) => d.items.length === 0} empty={<EmptyState description="Слайдов пока нет: добавьте первый" />}>
          {() => (
            <SortableList ids={items.map((s) => s.id)} onMove={reorder} layout="grid" label="слайд" names={(id) => items.find((s) => s.id === id)?.title}>
              <div data-testid="slides-grid" style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(260px, 1fr))', gap: 16 }}>
                {items.map((s, i) => (
                  <SlideCard key={s.id} slide={s} index={i} canOrder={canEdit && items.length > 1} canEdit={canEdit} canDelete={canDelete} onEdit={() => setParam('slide', s.id)} />
                ))}
              </div>
            </SortableList>
          )}
        </QueryState>
      )}
      {adding ? <SlideFormModal open onClose={() => setParam('new', null)} /> : null}
      {open ? <SlideFormModal key={open.id} slide={open} open onClose={() => setParam('slide', null)} /> : null}
    </>
  );
}
