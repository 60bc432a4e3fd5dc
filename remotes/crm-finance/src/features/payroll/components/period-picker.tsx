import { dayjs } from '@repo/shared-core';
import { DatePicker, Flex, Segmented } from 'antd';
import { useState } from 'react';
import { monthOf, monthPeriod, type Period } from '../period';

/** A month (the default) or any range of days; `onChange` gets calendar days. */
export function PeriodPicker({ value, onChange }: { value: Period; onChange: (p: Period) => void }) {
  const month = monthOf(value);
  const [mode, setMode] = useState<'month' | 'range'>(month ? 'month' : 'range');
  return (
    <Flex gap={8} align="center" wrap>
      <Segmented
        aria-label="Период"
        value={mode}
        onChange={(v) => {
          setMode(v as 'month' | 'range');
          if (v === 'month' && !month) onChange(monthPeriod(dayjs(value.from)));
        }}
        options={[
          { value: 'month', label: 'Месяц' },
          { value: 'range', label: 'Период' },
        ]}
      />
      {mode === 'month' ? (
        <DatePicker
          picker="month"
          aria-label="Месяц"
          format="MMMM YYYY"
          allowClear={false}
          value={dayjs(value.from)}
          onChange={(d) => d && onChange(monthPeriod(d))}
          style={{ width: 160 }}
        />
      ) : (
        <DatePicker.RangePicker
          aria-label="Даты периода"
          format="DD.MM.YYYY"
          allowClear={false}
          value={[dayjs(value.from), dayjs(value.to)]}
          onChange={(r) => r?.[0] && r[1] && onChange({ from: r[0].format('YYYY-MM-DD'), to: r[1].format('YYYY-MM-DD') })}
          style={{ width: 250 }}
        />
      )}
    </Flex>
  );
}
