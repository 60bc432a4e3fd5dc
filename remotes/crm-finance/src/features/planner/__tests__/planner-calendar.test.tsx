import { render, screen, waitFor } from '@testing-library/react';
import PlannerCalendar from '../components/planner-calendar';
import { plannerEvent } from './fixtures';

jest.setTimeout(30_000);

describe('the real FullCalendar', () => {
  it('is Russian, starts the week on Monday, shows 24-hour times and reports its range', async () => {
    const onDatesSet = jest.fn();
    render(
      <PlannerCalendar
        view="timeGridWeek"
        date="2026-12-02"
        events={[plannerEvent({ start: new Date(2026, 11, 2, 14, 30).toISOString(), end: new Date(2026, 11, 2, 16, 0).toISOString() })]}
        canCreate
        canEdit
        onDatesSet={onDatesSet}
        onSelect={jest.fn()}
        onOpen={jest.fn()}
        onChange={jest.fn()}
      />,
    );
    await waitFor(() => expect(onDatesSet).toHaveBeenCalled());
    const shown = onDatesSet.mock.calls[0][0];
    expect(shown.view).toBe('timeGridWeek');
    // Monday 30 November – Sunday 6 December.
    expect(shown.currentStart).toEqual(new Date(2026, 10, 30));
    expect(shown.currentEnd).toEqual(new Date(2026, 11, 7));
    expect(screen.getByText('Сегодня')).toBeInTheDocument();
    expect(screen.getByText('пн 30')).toBeInTheDocument();
    expect(screen.getByText('14:30–16:00')).toBeInTheDocument();
    // The event shows its employee, client and device.
    expect(screen.getByText('Павел Иванов · Иван Петров · Смартфон Apple iPhone 13')).toBeInTheDocument();
    expect(screen.queryByText('Timed')).not.toBeInTheDocument();
    expect(screen.getAllByText('18:00').length).toBeGreaterThan(0);
  });
});
