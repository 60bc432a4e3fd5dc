import { templateKindLabels, templateKinds, type Template } from '@repo/contracts';
import { Flex, Menu, Tag, Typography } from 'antd';

/** The templates grouped by kind (the group's heading names it): name, «встроенный» / «изменён»; a click opens it in the editor. */
export function TemplateList({ templates, selectedId, onSelect }: { templates: Template[]; selectedId: string | null; onSelect: (id: string) => void }) {
  const items = templateKinds
    .map((kind) => ({ kind, list: templates.filter((t) => t.kind === kind) }))
    .filter((g) => g.list.length > 0)
    .map((g) => ({
      type: 'group' as const,
      key: g.kind,
      label: templateKindLabels[g.kind],
      children: g.list.map((t) => ({
        key: t.id,
        // Two lines: the name, then its marks.
        style: { height: 'auto', lineHeight: 1.4, paddingBlock: 6 },
        label: (
          <Flex vertical gap={2} data-testid={`template-${t.id}`}>
            <Typography.Text strong ellipsis={{ tooltip: t.name }}>
              {t.name}
            </Typography.Text>
            {t.builtIn || t.modified ? (
              <Flex gap={4} wrap>
                {t.builtIn ? <Tag variant="filled">встроенный</Tag> : null}
                {t.modified ? <Tag color="orange">изменён</Tag> : null}
              </Flex>
            ) : null}
          </Flex>
        ),
      })),
    }));
  return <Menu mode="inline" selectedKeys={selectedId ? [selectedId] : []} items={items} onClick={(e) => onSelect(e.key)} style={{ borderInlineEnd: 0 }} aria-label="Шаблоны" />;
}
