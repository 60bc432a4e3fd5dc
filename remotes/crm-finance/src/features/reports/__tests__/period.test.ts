import { dayjs } from '@repo/shared-core';
import { periodLabel, periodOf, periodTick, presetPeriod, rangeLabel } from '../period';

describe('date-range presets', () => {
  // Wednesday 12 November 2026.
  const wed = dayjs('2026-11-12T15:30:00');

  it('today, yesterday; this week from Monday (ISO), whatever the day', () => {
    expect(presetPeriod('today', wed)).toEqual({ from: '2026-11-12', to: '2026-11-12' });
    expect(presetPeriod('yesterday', wed)).toEqual({ from: '2026-11-11', to: '2026-11-11' });
    expect(presetPeriod('week', wed)).toEqual({ from: '2026-11-09', to: '2026-11-12' });
    // A Sunday belongs to the week that began six days before, not to a week starting that day.
    expect(presetPeriod('week', dayjs('2026-11-15'))).toEqual({ from: '2026-11-09', to: '2026-11-15' });
    expect(presetPeriod('week', dayjs('2026-11-09'))).toEqual({ from: '2026-11-09', to: '2026-11-09' });
    // Across a year: Friday 1 January 2027 is in the week of Monday 28 December.
    expect(presetPeriod('week', dayjs('2027-01-01'))).toEqual({ from: '2026-12-28', to: '2027-01-01' });
  });

  it('this month so far, the whole last month, the calendar quarter so far, the year so far', () => {
    expect(presetPeriod('month', wed)).toEqual({ from: '2026-11-01', to: '2026-11-12' });
    expect(presetPeriod('lastMonth', wed)).toEqual({ from: '2026-10-01', to: '2026-10-31' });
    expect(presetPeriod('lastMonth', dayjs('2026-03-31'))).toEqual({ from: '2026-02-01', to: '2026-02-28' });
    expect(presetPeriod('lastMonth', dayjs('2026-01-15'))).toEqual({ from: '2025-12-01', to: '2025-12-31' });
    expect(presetPeriod('quarter', wed)).toEqual({ from: '2026-10-01', to: '2026-11-12' });
    expect(presetPeriod('quarter', dayjs('2026-05-31'))).toEqual({ from: '2026-04-01', to: '2026-05-31' });
    expect(presetPeriod('quarter', dayjs('2026-03-31'))).toEqual({ from: '2026-01-01', to: '2026-03-31' });
    expect(presetPeriod('year', wed)).toEqual({ from: '2026-01-01', to: '2026-11-12' });
  });

  it('takes the period from the URL, else the one remembered, else this month so far', () => {
    const url = (s: string) => new URLSearchParams(s);
    expect(periodOf(url('from=2026-06-01&to=2026-06-30'), ['2026-01-01', '2026-01-31'], wed)).toEqual({ from: '2026-06-01', to: '2026-06-30' });
    expect(periodOf(url(''), ['2026-01-01', '2026-01-31'], wed)).toEqual({ from: '2026-01-01', to: '2026-01-31' });
    expect(periodOf(url(''), null, wed)).toEqual({ from: '2026-11-01', to: '2026-11-12' });
    // A broken or reversed URL period is not used.
    expect(periodOf(url('from=2026-06-30&to=2026-06-01'), null, wed)).toEqual({ from: '2026-11-01', to: '2026-11-12' });
    expect(periodOf(url('from=2026-02-30&to=2026-03-01'), null, wed)).toEqual({ from: '2026-11-01', to: '2026-11-12' });
  });
});

describe('period labels', () => {
  it('a day, an ISO week (also across a year), a month in Russian', () => {
    expect(periodLabel('2026-11-05', 'day')).toBe('05.11.2026');
    expect(periodLabel('2026-11-09', 'week')).toBe('09.11–15.11.2026');
    expect(periodLabel('2026-12-28', 'week')).toBe('28.12.2026–03.01.2027');
    expect(periodLabel('2026-11-01', 'month')).toBe('ноябрь 2026');
    expect(periodTick('2026-11-09', 'week')).toBe('09.11–15.11');
    expect(periodTick('2026-11-05', 'day')).toBe('05.11');
  });

  it('a range, or one day', () => {
    expect(rangeLabel({ from: '2026-06-01', to: '2026-06-30' })).toBe('01.06.2026 — 30.06.2026');
    expect(rangeLabel({ from: '2026-06-01', to: '2026-06-01' })).toBe('01.06.2026');
  });
});
