import { Button, Checkbox, DatePicker, Flex, Select } from 'antd';
import type { Dayjs } from 'dayjs';
import { entityOptions } from './audit-labels';

export interface AuditFilterValues {
  entity?: string;
  /** «Только мои действия»: there is no employee list API yet, so "mine" is the one person filter. */
  mine: boolean;
  range: [Dayjs, Dayjs] | null;
}

export const noFilters: AuditFilterValues = { mine: false, range: null };

export const hasFilters = (f: AuditFilterValues) => Boolean(f.entity || f.mine || f.range);

interface Props {
  value: AuditFilterValues;
  onChange: (next: AuditFilterValues) => void;
}

/** Object type, date range (weeks start on Monday: shared-core sets the ru locale so) and «mine». */
export function AuditFilters({ value, onChange }: Props) {
  return (
    <Flex wrap gap={12} align="center">
      <Select
        aria-label="Тип объекта"
        placeholder="Все объекты"
        allowClear
        showSearch={{ optionFilterProp: 'label' }}
        options={entityOptions}
        value={value.entity}
        onChange={(entity?: string) => onChange({ ...value, entity })}
        style={{ width: 240 }}
      />
      <DatePicker.RangePicker
        aria-label="Период"
        format="DD.MM.YYYY"
        placeholder={['С даты', 'По дату']}
        value={value.range}
        onChange={(range) => onChange({ ...value, range: range?.[0] && range[1] ? [range[0], range[1]] : null })}
      />
      <Checkbox checked={value.mine} onChange={(e) => onChange({ ...value, mine: e.target.checked })}>
        Только мои действия
      </Checkbox>
      {hasFilters(value) && (
        <Button type="link" onClick={() => onChange(noFilters)} style={{ paddingInline: 0 }}>
          Сбросить фильтры
        </Button>
      )}
    </Flex>
  );
}
