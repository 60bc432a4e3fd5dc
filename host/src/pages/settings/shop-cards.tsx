import { EditOutlined, PlusOutlined, StarFilled } from '@ant-design/icons';
import { Button, Card, Flex, List, Space, Tag, Typography } from 'antd';
import type { ReactNode } from 'react';

/** A shop's own record shown per shop in settings: a warehouse, a cashbox. */
export interface ShopRecord {
  id: string;
  name: string;
  locationId: string;
  locationName: string;
  isDefault: boolean;
}

/**
 * The records of every shop, one card per shop: each with its «основной/основная» mark, «Сделать
 * основным» for the others and an edit button; the card's button adds one. Used by «Склады» and «Кассы».
 */
export function ShopCards<T extends ShopRecord>({
  items,
  noun,
  addLabel,
  defaultTag,
  makeDefaultText,
  editLabel,
  onAdd,
  onEdit,
  onMakeDefault,
  details,
}: {
  items: T[];
  /** The add button's text («Склад») and its accessible name before the shop («Добавить склад»). */
  noun: string;
  addLabel: string;
  defaultTag: string;
  makeDefaultText: string;
  /** The edit button's accessible name for a record («Переименовать «…»»). */
  editLabel: (item: T) => string;
  onAdd: (locationId: string) => void;
  onEdit: (item: T) => void;
  onMakeDefault: (item: T) => void;
  /** What else a row shows beside the name (a kind, a balance). */
  details?: (item: T) => ReactNode;
}) {
  return (
    <Flex vertical gap={12}>
      {[...new Set(items.map((w) => w.locationId))].map((locationId) => {
        const own = items.filter((w) => w.locationId === locationId);
        return (
          <Card
            key={locationId}
            size="small"
            title={own[0].locationName}
            extra={
              <Button size="small" icon={<PlusOutlined />} aria-label={`${addLabel}: ${own[0].locationName}`} onClick={() => onAdd(locationId)}>
                {noun}
              </Button>
            }
          >
            <List
              size="small"
              dataSource={own}
              renderItem={(item) => (
                <List.Item
                  actions={[
                    item.isDefault ? null : (
                      <Button key="default" size="small" type="link" onClick={() => onMakeDefault(item)}>
                        {makeDefaultText}
                      </Button>
                    ),
                    <Button key="edit" size="small" type="text" icon={<EditOutlined />} aria-label={editLabel(item)} onClick={() => onEdit(item)} />,
                  ].filter(Boolean)}
                >
                  <Space wrap>
                    <Typography.Text>{item.name}</Typography.Text>
                    {details?.(item)}
                    {item.isDefault ? (
                      <Tag icon={<StarFilled />} color="gold">
                        {defaultTag}
                      </Tag>
                    ) : null}
                  </Space>
                </List.Item>
              )}
            />
          </Card>
        );
      })}
    </Flex>
  );
}
