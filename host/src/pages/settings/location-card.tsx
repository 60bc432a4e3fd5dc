import { ClockCircleOutlined, DeleteOutlined, EditOutlined, EnvironmentOutlined, PhoneOutlined } from '@ant-design/icons';
import type { Location } from '@repo/contracts';
import { notify, useLocationStore } from '@repo/shared-core';
import { Button, Card, Flex, Popconfirm, Tag, Tooltip, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useDeleteLocation } from './api/delete-location';
import { LocationImages } from './location-images';

interface Props {
  location: Location;
  canEdit: boolean;
  canDelete: boolean;
  onEdit: (location: Location) => void;
}

function Line({ icon, children, empty }: { icon: ReactNode; children: ReactNode; empty: string }) {
  return (
    <Flex gap={8} align="flex-start">
      <span style={{ color: '#8c8c8c', marginTop: 2 }}>{icon}</span>
      {children ? <span>{children}</span> : <Typography.Text type="secondary">{empty}</Typography.Text>}
    </Flex>
  );
}

/** One location: contacts, hours and photos, with the actions the employee's role allows. */
export function LocationCard({ location, canEdit, canDelete, onEdit }: Props) {
  const remove = useDeleteLocation();
  const currentId = useLocationStore((s) => s.current?._id);

  const actions = (
    <Flex gap={4}>
      {canEdit && (
        <Tooltip title="Изменить">
          <Button type="text" icon={<EditOutlined />} aria-label={`Изменить «${location.name}»`} onClick={() => onEdit(location)} />
        </Tooltip>
      )}
      {canDelete && (
        <Popconfirm
          title={`Удалить магазин «${location.name}»?`}
          description="Магазин с документами удалить нельзя."
          okText="Удалить"
          cancelText="Отмена"
          okButtonProps={{ danger: true }}
          // Resolving either way closes the confirmation; a 409 reason is shown by the api client.
          onConfirm={() =>
            remove
              .mutateAsync(location._id)
              .then(() => notify.success('Магазин удалён'))
              .catch(() => undefined)
          }
        >
          {/* No tooltip here: it would sit over the confirmation's own «Удалить» button. */}
          <Button type="text" danger icon={<DeleteOutlined />} aria-label={`Удалить «${location.name}»`} loading={remove.isPending} />
        </Popconfirm>
      )}
    </Flex>
  );

  return (
    <Card
      variant="borderless"
      style={{ height: '100%' }}
      title={
        <Flex gap={8} align="center" style={{ minWidth: 0 }}>
          <Typography.Text strong ellipsis>
            {location.name}
          </Typography.Text>
          {location._id === currentId && <Tag color="blue">Текущий</Tag>}
        </Flex>
      }
      extra={actions}
      data-testid={`location-card-${location._id}`}
    >
      <Flex vertical gap={8} style={{ marginBottom: 16 }}>
        <Line icon={<EnvironmentOutlined />} empty="Адрес не указан">
          {location.address}
        </Line>
        <Line icon={<PhoneOutlined />} empty="Телефон не указан">
          {location.phone && <a href={`tel:${location.phone.replace(/[^\d+]/g, '')}`}>{location.phone}</a>}
        </Line>
        <Line icon={<ClockCircleOutlined />} empty="Часы работы не указаны">
          {location.workingHours}
        </Line>
      </Flex>
      <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12, marginBottom: 8 }}>
        Фотографии
      </Typography.Text>
      <LocationImages location={location} editable={canEdit} />
    </Card>
  );
}
