import { z } from 'zod';
import { commaList, idSchema, pageOf, pageQuerySchema, queryFlag as flag } from './common';
import { optionalSafeText, safeDateTime, safeText } from './primitives';

/**
 * Tasks (issue #24, `/tasks`, remote crm-finance): assigned work with an optional due moment, a priority,
 * a status, an optional link to a repair order, a client or a sale, and comments. Server:
 * server/docs/tasks.md.
 *
 * Rules `view|create|edit|delete:task:own|location|all`: «own» = tasks the employee authored or is
 * assigned to (in any of their locations); «location» = those and every task of the current location
 * (`Shop`); «all» = every task of every location the employee works in. A task belongs to the location
 * it was created at; its assignee must be active and work there.
 *
 * Live: every change publishes `task` to the task's location; a new or reassigned task is also told to
 * its assignee alone (`employeeId` + `notice: 'assigned'` on the event), and so is a task falling due
 * (`notice: 'due'`, once per due moment).
 */

export const taskPriorities = ['low', 'normal', 'high', 'urgent'] as const;
export type TaskPriority = (typeof taskPriorities)[number];
export const taskPriorityLabels: Record<TaskPriority, string> = { low: 'Низкий', normal: 'Обычный', high: 'Высокий', urgent: 'Срочный' };

export const taskStatuses = ['new', 'in_progress', 'done', 'cancelled'] as const;
export type TaskStatus = (typeof taskStatuses)[number];
export const taskStatusLabels: Record<TaskStatus, string> = { new: 'Новая', in_progress: 'В работе', done: 'Выполнена', cancelled: 'Отменена' };
/** The statuses of a task still to be done: «open» in counts, the only ones that fall due. */
export const openTaskStatuses: readonly TaskStatus[] = ['new', 'in_progress'];

export const taskLinkKinds = ['repair_order', 'client', 'sale'] as const;
export type TaskLinkKind = (typeof taskLinkKinds)[number];
export const taskLinkKindLabels: Record<TaskLinkKind, string> = { repair_order: 'Заказ', client: 'Клиент', sale: 'Продажа' };

export const taskLimits = { titleMax: 200, descriptionMax: 5000, commentMax: 2000, searchMax: 100 } as const;

export const taskMessages = {
  notFound: 'Задача не найдена',
  titleRequired: 'Укажите, что нужно сделать',
  titleTooLong: `Название задачи: не больше ${taskLimits.titleMax} символов`,
  descriptionTooLong: `Описание: не больше ${taskLimits.descriptionMax} символов`,
  commentRequired: 'Напишите комментарий',
  commentTooLong: `Комментарий: не больше ${taskLimits.commentMax} символов`,
  dueInvalid: 'Неверный срок: нужна дата и время, например 2026-05-01T18:00:00+03:00',
  dueOffsetRequired: 'Укажите срок с часовым поясом, например 2026-05-01T18:00:00+03:00',
  priorityInvalid: 'Неизвестный приоритет',
  statusInvalid: 'Неизвестный статус задачи',
  linkKindInvalid: 'Задачу можно связать с заказом, клиентом или продажей',
  assigneeNotFound: 'Исполнитель не найден',
  assigneeBlocked: 'Исполнитель заблокирован: задачу нельзя ему назначить',
  assigneeElsewhere: 'Исполнитель не работает в магазине задачи',
  linkOrderNotFound: 'Заказ для связи не найден',
  linkClientNotFound: 'Клиент для связи не найден',
  linkSaleNotFound: 'Продажа для связи не найдена',
  sortInvalid: 'Неизвестная сортировка',
  nothingToChange: 'Нечего изменять',
} as const;

const dueAtSchema = safeDateTime({ invalid: taskMessages.dueInvalid }).refine((v) => /(Z|[+-]\d{2}:?\d{2})$/.test(v), { message: taskMessages.dueOffsetRequired });

export const taskLinkSchema = z.object({
  kind: z.enum(taskLinkKinds),
  id: z.string(),
  /** What the screen shows: the order's or sale's number, the client's name (null when it is gone). */
  label: z.string().nullable(),
});
export type TaskLink = z.infer<typeof taskLinkSchema>;

export const taskSchema = z
  .object({
    id: z.string(),
    title: z.string(),
    description: z.string().nullable(),
    assigneeId: z.string(),
    assigneeName: z.string(),
    authorId: z.string(),
    authorName: z.string(),
    /** ISO 8601 (UTC, `toISOString`), or null for a task without a due moment. */
    dueAt: z.string().nullable(),
    priority: z.enum(taskPriorities),
    status: z.enum(taskStatuses),
    link: taskLinkSchema.nullable(),
    locationId: z.string(),
    createdAt: z.string(),
    updatedAt: z.string(),
    /** When it was last set to done (null unless done). */
    doneAt: z.string().nullable(),
    commentCount: z.number().int(),
    /** Open and past its due moment. */
    overdue: z.boolean(),
  })
  .meta({ id: 'Task' });
export type Task = z.infer<typeof taskSchema>;
export const taskPageSchema = pageOf(taskSchema).meta({ id: 'TaskPage' });
export type TaskPage = z.infer<typeof taskPageSchema>;

const linkInputSchema = z
  .object({ kind: z.enum(taskLinkKinds, { error: taskMessages.linkKindInvalid }), id: idSchema })
  .nullish()
  .transform((v) => v ?? null);

const titleSchema = safeText({ min: 1, max: taskLimits.titleMax, messages: { required: taskMessages.titleRequired, tooLong: taskMessages.titleTooLong } });
const descriptionSchema = optionalSafeText({ max: taskLimits.descriptionMax, multiline: true, messages: { tooLong: taskMessages.descriptionTooLong } });

export const createTaskRequestSchema = z
  .object({
    title: titleSchema,
    description: descriptionSchema,
    /** Default: the author. */
    assigneeId: idSchema.optional(),
    dueAt: dueAtSchema.nullish().transform((v) => v ?? null),
    priority: z.enum(taskPriorities, { error: taskMessages.priorityInvalid }).default('normal'),
    status: z.enum(taskStatuses, { error: taskMessages.statusInvalid }).default('new'),
    link: linkInputSchema,
  })
  .meta({ id: 'CreateTask' });
export type CreateTaskRequest = z.input<typeof createTaskRequestSchema>;

/** Only the fields sent change; `dueAt: null` removes the due moment, `link: null` the link. */
export const updateTaskRequestSchema = z
  .object({
    title: titleSchema.optional(),
    description: descriptionSchema.optional(),
    assigneeId: idSchema.optional(),
    dueAt: dueAtSchema.nullable().optional(),
    priority: z.enum(taskPriorities, { error: taskMessages.priorityInvalid }).optional(),
    status: z.enum(taskStatuses, { error: taskMessages.statusInvalid }).optional(),
    link: z
      .object({ kind: z.enum(taskLinkKinds, { error: taskMessages.linkKindInvalid }), id: idSchema })
      .nullable()
      .optional(),
  })
  .meta({ id: 'UpdateTask' });
export type UpdateTaskRequest = z.input<typeof updateTaskRequestSchema>;



export const taskSorts = ['dueAt', '-dueAt', 'createdAt', '-createdAt', 'updatedAt', '-updatedAt', 'priority', '-priority'] as const;
export type TaskSort = (typeof taskSorts)[number];

export const taskListQuerySchema = pageQuerySchema.extend({
  /** One status or a comma list (`new,in_progress`). */
  status: commaList(taskStatuses, taskMessages.statusInvalid).optional(),
  assigneeId: idSchema.optional(),
  authorId: idSchema.optional(),
  /** One priority or a comma list. */
  priority: commaList(taskPriorities, taskMessages.priorityInvalid).optional(),
  /** Assigned to the signed-in employee. */
  mine: flag.optional(),
  /** Open and past the due moment. */
  overdue: flag.optional(),
  /** In the title or the description. */
  search: optionalSafeText({ max: taskLimits.searchMax, label: 'Поиск' }),
  linkKind: z.enum(taskLinkKinds, { error: taskMessages.linkKindInvalid }).optional(),
  linkId: idSchema.optional(),
  /** One location (among the visible ones); default: every task the employee may see. */
  locationId: idSchema.optional(),
  /** Default `dueAt` (tasks without a due moment last), then the newest first. `-` = descending. */
  sort: z.enum(taskSorts, { error: taskMessages.sortInvalid }).default('dueAt'),
});
export type TaskListQuery = z.input<typeof taskListQuerySchema>;

export const taskCommentSchema = z
  .object({ id: z.string(), taskId: z.string(), authorId: z.string().nullable(), authorName: z.string().nullable(), text: z.string(), createdAt: z.string() })
  .meta({ id: 'TaskComment' });
export type TaskComment = z.infer<typeof taskCommentSchema>;
export const taskCommentListSchema = z.object({ items: z.array(taskCommentSchema) }).meta({ id: 'TaskCommentList' });
export const createTaskCommentRequestSchema = z
  .object({
    text: safeText({ min: 1, max: taskLimits.commentMax, multiline: true, messages: { required: taskMessages.commentRequired, tooLong: taskMessages.commentTooLong } }),
  })
  .meta({ id: 'CreateTaskComment' });
export type CreateTaskCommentRequest = z.input<typeof createTaskCommentRequestSchema>;

/** `GET /api/tasks/counts`: the signed-in employee's open tasks (new, in progress) and how many of them are overdue. */
export const taskCountsSchema = z.object({ open: z.number().int(), overdue: z.number().int() }).meta({ id: 'TaskCounts' });
export type TaskCounts = z.infer<typeof taskCountsSchema>;

/** `GET /api/tasks/assignees`: who a task of the current shop can be assigned to (its active employees and those of every shop). */
export const taskAssigneesSchema = z.array(z.object({ id: z.string(), name: z.string(), position: z.string().nullable() })).meta({ id: 'TaskAssignees' });
export type TaskAssignees = z.infer<typeof taskAssigneesSchema>;
