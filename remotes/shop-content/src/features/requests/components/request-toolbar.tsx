import { shopRequestKindLabels, shopRequestKinds, shopRequestStatusLabels, shopRequestStatuses } from '@repo/contracts';
import { useAuth } from '@repo/shared-core';
import { Button, Flex, Input, Select, Typography } from 'antd';
import { emptyFilters, isFiltered, type RequestFilters } from '../filters';

const noLocations: { id: string; name: string }[] = [];

/** The list's filters: search, status (new and in work by default), kind, and the location for those who work in several. */
export function RequestToolbar({ filters, onChange, total }: { filters: RequestFilters; onChange: (change: Partial<RequestFilters>) => void; total?: number }) {
  const locations = useAuth((s) => s.profile?.locations ?? noLocations);
  return (
    <Flex gap={8} wrap align="center" style={{ marginBottom: 12 }} data-testid="request-toolbar">
      <Input.Search
        allowClear
        placeholder="Номер, имя или телефон"
        key={filters.q ?? ''}
        defaultValue={filters.q}
        onSearch={(v) => onChange({ q: v.trim() || undefined })}
        style={{ width: 260 }}
        aria-label="Поиск заявки"
      />
      <Select
        mode="multiple"
        allowClear
        placeholder="Все статусы"
        value={filters.status}
        onChange={(v) => onChange({ status: v })}
        options={shopRequestStatuses.map((s) => ({ value: s, label: shopRequestStatusLabels[s] }))}
        style={{ minWidth: 220 }}
        maxTagCount="responsive"
        aria-label="Статус"
      />
      <Select
        mode="multiple"
        allowClear
        placeholder="Все виды"
        value={filters.kind}
        onChange={(v) => onChange({ kind: v })}
        options={shopRequestKinds.map((k) => ({ value: k, label: shopRequestKindLabels[k] }))}
        style={{ minWidth: 200 }}
        maxTagCount="responsive"
        aria-label="Вид заявки"
      />
      {locations.length > 1 ? (
        <Select
          allowClear
          placeholder="Все магазины"
          value={filters.locationId}
          onChange={(v: string | undefined) => onChange({ locationId: v })}
          options={locations.map((l) => ({ value: l.id, label: l.name }))}
          style={{ width: 200 }}
          aria-label="Магазин"
        />
      ) : null}
      {isFiltered(filters) ? (
        <Button type="link" onClick={() => onChange({ ...emptyFilters })}>
          Сбросить фильтры
        </Button>
      ) : null}
      {total !== undefined ? (
        <Typography.Text type="secondary" style={{ marginInlineStart: 'auto' }}>
          {total} в списке
        </Typography.Text>
      ) : null}
    </Flex>
  );
}
