import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from '../../db/schema/columns';
import { employees } from '../auth/schema';
import { locations } from '../location/schema';

const stamp = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * Tasks (server/docs/tasks.md): one row per task, at the location it was created at. The link to a
 * repair order, a client or a sale is `link_kind` + `link_id` (no foreign key: three tables; checked
 * when set). `reminded_at` is set by the one process that claims the «fallen due» reminder and cleared
 * when the due moment changes. `search_text` is the title and description in lower case, ё = е.
 */
export const tasks = pgTable(
  'tasks',
  {
    id: id(),
    locationId: uuid('location_id')
      .notNull()
      .references(() => locations.id),
    title: text('title').notNull(),
    description: text('description'),
    searchText: text('search_text').notNull(),
    assigneeId: uuid('assignee_id')
      .notNull()
      .references(() => employees.id),
    authorId: uuid('author_id')
      .notNull()
      .references(() => employees.id),
    dueAt: stamp('due_at'),
    priority: text('priority', { enum: ['low', 'normal', 'high', 'urgent'] }).notNull().default('normal'),
    status: text('status', { enum: ['new', 'in_progress', 'done', 'cancelled'] }).notNull().default('new'),
    linkKind: text('link_kind', { enum: ['repair_order', 'client', 'sale'] }),
    linkId: uuid('link_id'),
    remindedAt: stamp('reminded_at'),
    doneAt: stamp('done_at'),
    commentCount: integer('comment_count').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // «My open tasks» and the badge's counts (assignee, status in the open ones, due moment).
    index('tasks_assignee_idx').on(t.assigneeId, t.status, t.dueAt),
    // «My open tasks» page by page in the list's order (due moment, none last): read in order, no sort.
    index('tasks_assignee_open_due_idx')
      .on(t.assigneeId, t.dueAt.asc().nullsLast(), t.createdAt.desc().nullsFirst(), t.id)
      .where(sql`${t.status} in ('new', 'in_progress')`),
    index('tasks_author_idx').on(t.authorId, t.status, t.dueAt),
    // A location's list (by status, by due moment).
    index('tasks_location_status_idx').on(t.locationId, t.status, t.dueAt),
    index('tasks_location_created_idx').on(t.locationId, t.createdAt),
    // The tasks of an order's or a client's card.
    index('tasks_link_idx').on(t.linkKind, t.linkId).where(sql`${t.linkId} is not null`),
    // The reminder's claim: open tasks not yet reminded, by due moment.
    index('tasks_remind_idx').on(t.dueAt).where(sql`${t.remindedAt} is null and ${t.status} in ('new', 'in_progress')`),
    index('tasks_search_text_trgm_idx').using('gin', t.searchText.op('gin_trgm_ops')).with({ fastupdate: false }),
  ],
);

/** A task's comments, oldest first. */
export const taskComments = pgTable(
  'task_comments',
  {
    id: id(),
    taskId: uuid('task_id')
      .notNull()
      .references(() => tasks.id, { onDelete: 'cascade' }),
    authorId: uuid('author_id').references(() => employees.id),
    text: text('text').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('task_comments_task_idx').on(t.taskId, t.createdAt)],
);
