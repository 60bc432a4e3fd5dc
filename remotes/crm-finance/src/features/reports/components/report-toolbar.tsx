import { DownloadOutlined } from '@ant-design/icons';
import { dayjs, getApiError, notify } from '@repo/shared-core';
import { Can } from '@repo/ui';
import { Button, DatePicker, Flex, Switch } from 'antd';
import { useId, useState, type ReactNode } from 'react';
import { downloadReport, type Params, type ReportName } from '../api';
import { dayFormat, presetLabels, presetPeriod, type Period, type PresetName } from '../period';

/** The seed's date-range filter: a range of days with the presets (computed when the picker opens). */
export function PeriodFilter({ value, onChange }: { value: Period; onChange: (p: Period) => void }) {
  const presets = (Object.keys(presetLabels) as PresetName[]).map((name) => {
    const p = presetPeriod(name);
    return { label: presetLabels[name], value: [dayjs(p.from), dayjs(p.to)] as [dayjs.Dayjs, dayjs.Dayjs] };
  });
  return (
    <DatePicker.RangePicker
      aria-label="Период отчёта"
      format="DD.MM.YYYY"
      allowClear={false}
      presets={presets}
      value={[dayjs(value.from), dayjs(value.to)]}
      onChange={(r) => r?.[0] && r[1] && onChange({ from: r[0].format(dayFormat), to: r[1].format(dayFormat) })}
      style={{ width: 250 }}
    />
  );
}

/** «Все магазины»: shown only to whom the role lets see every shop's report. */
export function AllLocationsSwitch({ value, onChange }: { value: boolean; onChange: (v: boolean) => void }) {
  const id = useId();
  return (
    <Flex gap={8} align="center">
      <Switch id={id} checked={value} onChange={onChange} data-testid="all-locations" />
      <label htmlFor={id} style={{ cursor: 'pointer', whiteSpace: 'nowrap' }}>
        Все магазины
      </label>
    </Flex>
  );
}

/** «Excel»: the server's file of the same rows (`format=xlsx` with the screen's filters); `export:report` only. */
export function ExcelButton({ report, params, fileName, disabled }: { report: ReportName; params: Params; fileName: string; disabled?: boolean }) {
  const [busy, setBusy] = useState(false);
  async function run() {
    setBusy(true);
    try {
      await downloadReport(report, params, fileName);
    } catch (e) {
      notify.error(getApiError(e).message);
    } finally {
      setBusy(false);
    }
  }
  return (
    <Can rule="export:report">
      <Button icon={<DownloadOutlined />} onClick={() => void run()} loading={busy} disabled={disabled}>
        Excel
      </Button>
    </Can>
  );
}

/** A report's filters on one wrapping line, its actions (Excel) pushed to the right. */
export function ReportToolbar({ children, actions }: { children: ReactNode; actions?: ReactNode }) {
  return (
    <Flex gap={8} wrap align="center" style={{ marginBottom: 12 }} data-testid="report-toolbar">
      {children}
      {actions ? (
        <Flex gap={8} align="center" style={{ marginInlineStart: 'auto' }}>
          {actions}
        </Flex>
      ) : null}
    </Flex>
  );
}
