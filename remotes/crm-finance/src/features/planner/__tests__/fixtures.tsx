import type { PlannerEvent } from '@repo/contracts';
import { useEffect } from 'react';
import type { PlannerCalendarProps } from '../components/planner-calendar';

export const ids = {
  me: '0b0e0c1a-1111-4111-8111-111111111111',
  e2: '0b0e0c1a-2222-4222-8222-222222222222',
  client: '0b0e0c1a-3333-4333-8333-333333333333',
  ev: '0b0e0c1a-4444-4444-8444-444444444444',
  loc: '0b0e0c1a-5555-4555-8555-555555555555',
};

export const plannerRules = ['view:planner:location', 'create:planner:location', 'edit:planner:location', 'delete:planner:location', 'view:client:location', 'create:repair_order:location'];

export const staff = [
  { id: ids.me, name: 'Ольга Смирнова', position: 'Управляющий' },
  { id: ids.e2, name: 'Павел Иванов', position: 'Мастер' },
];

export const plannerEvent = (over: Partial<PlannerEvent> = {}): PlannerEvent => ({
  id: ids.ev,
  kind: 'appointment',
  title: 'Замена экрана',
  start: '2026-12-01T07:00:00.000Z',
  end: '2026-12-01T08:00:00.000Z',
  employeeId: ids.e2,
  employeeName: 'Павел Иванов',
  locationId: ids.loc,
  clientId: ids.client,
  clientName: 'Иван Петров',
  clientPhone: '+7 (916) 123-45-67',
  device: { type: 'Смартфон', brand: 'Apple', model: 'iPhone 13' },
  orderId: null,
  orderNumber: null,
  taskId: null,
  comment: 'Придёт после обеда',
  editable: true,
  createdAt: '2026-11-28T10:00:00.000Z',
  ...over,
});

/**
 * FullCalendar stands in as a probe in these tests (its drag and select cannot be driven in jsdom): the
 * last props it got, and buttons that call its callbacks as the real one would.
 */
export const mockCalendar: { props: PlannerCalendarProps | null } = { props: null };

export function FakeCalendar(props: PlannerCalendarProps) {
  useEffect(() => {
    mockCalendar.props = props;
  });
  return (
    <div data-testid="fake-calendar" data-view={props.view} data-date={props.date ?? ''}>
      <button
        type="button"
        onClick={() =>
          props.onDatesSet({
            view: props.view,
            start: new Date(2026, 10, 30),
            end: new Date(2026, 11, 7),
            currentStart: new Date(2026, 10, 30),
            currentEnd: new Date(2026, 11, 7),
          })
        }
      >
        показать неделю
      </button>
      {props.events.map((e) => (
        <button type="button" key={e.id} onClick={() => props.onOpen(e)}>
          {e.title}
        </button>
      ))}
    </div>
  );
}
