import { PlusOutlined } from '@ant-design/icons';
import { plannerEventKinds, type PlannerEventKind } from '@repo/contracts';
import { useLocationStore } from '@repo/shared-core';
import { Button, Checkbox, Flex, Select, Spin } from 'antd';
import { usePlannerEmployees } from '../api';
import { kindLook } from '../event-look';
import type { PlannerFilters } from '../url-state';

export const kindFilterLabels: Record<PlannerEventKind, string> = { appointment: 'Записи', shift: 'Смены', task: 'Сроки задач' };

/**
 * The planner's filters (in the URL): the employee, the kinds shown, and for an employee of several
 * shops the shops (several at once); «Новая запись» for whoever may create.
 */
export function PlannerToolbar({
  filters,
  onChange,
  onCreate,
  busy,
}: {
  filters: PlannerFilters;
  onChange: (change: Partial<PlannerFilters>) => void;
  onCreate?: () => void;
  busy?: boolean;
}) {
  const locations = useLocationStore((s) => s.list);
  const employees = usePlannerEmployees(filters.locationIds.length === 1 ? filters.locationIds[0] : undefined);
  const kinds = filters.kinds.length ? filters.kinds : [...plannerEventKinds];
  return (
    <Flex gap={12} wrap align="center" style={{ marginBottom: 12 }} data-testid="planner-toolbar">
      <Select
        allowClear
        showSearch
        optionFilterProp="label"
        style={{ width: 240 }}
        placeholder="Все сотрудники"
        aria-label="Сотрудник"
        value={filters.employeeId}
        onChange={(v: string | undefined) => onChange({ employeeId: v || undefined })}
        options={(employees.data ?? []).map((e) => ({ value: e.id, label: e.name }))}
      />
      <Checkbox.Group
        aria-label="Что показывать"
        value={kinds}
        onChange={(v) => onChange({ kinds: (v as PlannerEventKind[]).length === plannerEventKinds.length ? [] : (v as PlannerEventKind[]) })}
        options={plannerEventKinds.map((k) => ({
          value: k,
          label: (
            <span>
              <span aria-hidden style={{ display: 'inline-block', width: 10, height: 10, borderRadius: 2, marginInlineEnd: 6, background: kindLook[k].color, border: `1px solid ${kindLook[k].border}` }} />
              {kindFilterLabels[k]}
            </span>
          ),
        }))}
      />
      {locations.length > 1 ? (
        <Select
          mode="multiple"
          allowClear
          style={{ minWidth: 220 }}
          placeholder="Текущий магазин"
          aria-label="Магазины"
          value={filters.locationIds}
          onChange={(v: string[]) => onChange({ locationIds: v, employeeId: undefined })}
          options={locations.map((l) => ({ value: l._id, label: l.name }))}
          maxTagCount="responsive"
        />
      ) : null}
      {busy ? <Spin size="small" /> : null}
      <span style={{ flex: 1 }} />
      {onCreate ? (
        <Button type="primary" icon={<PlusOutlined />} onClick={onCreate}>
          Новое событие
        </Button>
      ) : null}
    </Flex>
  );
}
