export const ids = { me: '0b0e0c1a-1111-4111-8111-111111111111', e2: '0b0e0c1a-2222-4222-8222-222222222222', order: '0b0e0c1a-3333-4333-8333-333333333333' };

import type { Task } from '@repo/contracts';

export const task = (over: Partial<Task> = {}): Task => ({
  id: 't1',
  title: 'Перезвонить клиенту о готовности',
  description: null,
  assigneeId: ids.e2,
  assigneeName: 'Павел Иванов',
  authorId: ids.me,
  authorName: 'Ольга Смирнова',
  dueAt: '2026-11-20T15:00:00.000Z',
  priority: 'high',
  status: 'new',
  link: { kind: 'repair_order', id: 'o1', label: 'A-0012' },
  locationId: 'l1',
  createdAt: '2026-11-18T10:00:00.000Z',
  updatedAt: '2026-11-18T10:00:00.000Z',
  doneAt: null,
  commentCount: 0,
  overdue: true,
  ...over,
});

export const staff = [
  { id: ids.me, name: 'Ольга Смирнова', position: 'Управляющий' },
  { id: ids.e2, name: 'Павел Иванов', position: 'Мастер' },
];
