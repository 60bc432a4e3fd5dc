import { dayjs } from '../dayjs';

describe('dayjs', () => {
  it('speaks Russian', () => {
    expect(dayjs.locale()).toBe('ru');
    expect(dayjs(new Date(2024, 5, 5)).format('D MMMM YYYY, dddd')).toBe('5 июня 2024, среда');
  });

  it('starts the week on Monday', () => {
    expect(dayjs(new Date(2024, 5, 9)).startOf('week').format('DD.MM.YYYY dd')).toBe('03.06.2024 пн');
    expect(dayjs(new Date(2024, 5, 3)).weekday(0).format('dd')).toBe('пн');
  });

  it('uses 24-hour time in localized formats', () => {
    const evening = dayjs(new Date(2024, 5, 5, 18, 7));
    expect(evening.format('LT')).toBe('18:07');
    expect(evening.format('L LT')).toBe('05.06.2024 18:07');
  });

  it('has the plugins the forms rely on', () => {
    expect(dayjs('05.06.2024', 'DD.MM.YYYY', true).isValid()).toBe(true);
    expect(dayjs('31.02.2024', 'DD.MM.YYYY', true).isValid()).toBe(false);
    expect(dayjs(new Date(2024, 5, 5)).isoWeek()).toBe(23);
    expect(dayjs(new Date(2024, 5, 5)).from(dayjs(new Date(2024, 5, 6)))).toBe('день назад');
  });
});
