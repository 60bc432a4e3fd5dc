import { z } from 'zod';
import { idSchema } from './common';
import { optionalSafeText, safeDateTime } from './primitives';

/**
 * The planner (issue #24, `/planner`, remote crm-finance): a calendar per location of appointments (a
 * client, a device or service, an employee, a comment), shifts (an employee's working hours at a location)
 * and the due moments of tasks (read-only, from `/api/tasks`). Server: server/docs/planner.md.
 *
 * Rules `view|create|edit|delete:planner:own|location|all`: «own» = events of the signed-in employee
 * (`employeeId`) or created by them; «location» = every event of the current location; «all» = of every
 * location the employee works in.
 *
 * Refusals (each changes nothing): the end not after the start (400 `end`), longer than 31 days (400 `end`),
 * an employee who does not work at the event's location or is blocked (400 `employeeId`), a location the
 * signed-in employee does not work in (403), two shifts of one employee overlapping (409
 * `shift_overlap`), an appointment overlapping another appointment of the same employee without
 * `force: true` (409 `appointment_overlap`: the screen asks and sends again with `force`).
 *
 * Live: every change publishes `planner` (entity) to the event's location.
 */

export const plannerEventKinds = ['appointment', 'shift', 'task'] as const;
export type PlannerEventKind = (typeof plannerEventKinds)[number];
/** The kinds staff create; `task` events are the tasks' due moments, changed on the task. */
export const editablePlannerKinds = ['appointment', 'shift'] as const;
export type EditablePlannerKind = (typeof editablePlannerKinds)[number];
export const plannerKindLabels: Record<PlannerEventKind, string> = { appointment: 'Запись', shift: 'Смена', task: 'Срок задачи' };

export const plannerLimits = {
  titleMax: 200,
  commentMax: 2000,
  deviceFieldMax: 100,
  /** The longest event. */
  maxDays: 31,
  /** The widest range `GET /api/planner/events` answers (a month view with its spill-over weeks fits). */
  rangeMaxDays: 62,
  /** How long a task's due moment is drawn. */
  taskMinutes: 30,
} as const;

export const plannerMessages = {
  notFound: 'Событие не найдено',
  kindInvalid: 'Создать можно запись или смену',
  startInvalid: 'Неверное начало: нужна дата и время с часовым поясом, например 2026-05-01T10:00:00+03:00',
  endInvalid: 'Неверный конец: нужна дата и время с часовым поясом, например 2026-05-01T11:00:00+03:00',
  endBeforeStart: 'Конец должен быть позже начала',
  tooLong: `Событие не может длиться больше ${plannerLimits.maxDays} дней`,
  rangeInvalid: 'Укажите период: from и to, дата и время с часовым поясом',
  rangeTooWide: `Период календаря — не больше ${plannerLimits.rangeMaxDays} дней`,
  employeeNotFound: 'Сотрудник не найден',
  employeeBlocked: 'Сотрудник заблокирован',
  employeeElsewhere: 'Сотрудник не работает в этом магазине',
  locationForbidden: 'Нет доступа к этому магазину',
  clientNotFound: 'Клиент не найден',
  shiftOverlap: 'Смены сотрудника пересекаются: в это время у него уже есть смена',
  appointmentOverlap: 'У сотрудника в это время уже есть запись. Записать всё равно?',
  taskReadOnly: 'Срок задачи меняется в самой задаче',
  titleTooLong: `Название: не больше ${plannerLimits.titleMax} символов`,
  commentTooLong: `Комментарий: не больше ${plannerLimits.commentMax} символов`,
  alreadyOrdered: 'По этой записи уже оформлен заказ',
  notAppointment: 'Заказ оформляется только по записи',
  nothingToChange: 'Нечего изменять',
} as const;

/** Error codes of the 409 answers (`code` of the error contract). */
export const plannerErrorCodes = { shiftOverlap: 'shift_overlap', appointmentOverlap: 'appointment_overlap' } as const;

const offsetRequired = (v: string) => /(Z|[+-]\d{2}:?\d{2})$/.test(v);
const momentSchema = (message: string) => safeDateTime({ invalid: message }).refine(offsetRequired, { message });

const deviceText = (label: string) => optionalSafeText({ max: plannerLimits.deviceFieldMax, label });

/** The device an appointment is about (what the repair-order intake is prefilled with). */
export const plannerDeviceSchema = z.object({
  type: deviceText('Тип устройства'),
  brand: deviceText('Бренд'),
  model: deviceText('Модель'),
});
export type PlannerDevice = z.infer<typeof plannerDeviceSchema>;
/** The device as the answers show it (plain strings: a response schema cannot hold the input's transforms). */
export const plannerDeviceViewSchema = z.object({ type: z.string().nullable(), brand: z.string().nullable(), model: z.string().nullable() });

export const plannerEventSchema = z
  .object({
    /** A uuid; a task's due moment is `task:<taskId>`. */
    id: z.string(),
    kind: z.enum(plannerEventKinds),
    /** An appointment's service («Замена экрана»), a shift's «Смена», a task's title. */
    title: z.string(),
    /** ISO 8601 (UTC, `toISOString`). */
    start: z.string(),
    end: z.string(),
    employeeId: z.string(),
    employeeName: z.string(),
    locationId: z.string(),
    clientId: z.string().nullable().optional(),
    clientName: z.string().nullable().optional(),
    clientPhone: z.string().nullable().optional(),
    device: plannerDeviceViewSchema.nullable().optional(),
    /** The repair order an appointment turned into. */
    orderId: z.string().nullable().optional(),
    orderNumber: z.string().nullable().optional(),
    taskId: z.string().nullable().optional(),
    comment: z.string().nullable(),
    /** Whether the signed-in employee may move, resize or edit it (rules, and never a task's). */
    editable: z.boolean(),
    createdAt: z.string().nullable(),
  })
  .meta({ id: 'PlannerEvent' });
export type PlannerEvent = z.infer<typeof plannerEventSchema>;
export const plannerEventListSchema = z.array(plannerEventSchema).meta({ id: 'PlannerEventList' });

const titleSchema = optionalSafeText({ max: plannerLimits.titleMax, messages: { tooLong: plannerMessages.titleTooLong } });
const commentSchema = optionalSafeText({ max: plannerLimits.commentMax, multiline: true, messages: { tooLong: plannerMessages.commentTooLong } });

export const createPlannerEventRequestSchema = z
  .object({
    kind: z.enum(editablePlannerKinds, { error: plannerMessages.kindInvalid }),
    title: titleSchema,
    start: momentSchema(plannerMessages.startInvalid),
    end: momentSchema(plannerMessages.endInvalid),
    employeeId: idSchema,
    /** Default: the current location. */
    locationId: idSchema.optional(),
    clientId: idSchema.nullish(),
    device: plannerDeviceSchema.nullish(),
    comment: commentSchema,
    /** Book an appointment that overlaps another of the same employee (after the 409 was shown). */
    force: z.boolean().optional(),
  })
  .meta({ id: 'CreatePlannerEvent' });
export type CreatePlannerEventRequest = z.input<typeof createPlannerEventRequestSchema>;

/** Only the fields sent change (a drag sends `start` and `end`; `force` as on create). */
export const updatePlannerEventRequestSchema = z
  .object({
    // `.optional()` outside: a field not sent stays undefined (not null), so a drag keeps the title and comment.
    title: titleSchema.optional(),
    start: momentSchema(plannerMessages.startInvalid).optional(),
    end: momentSchema(plannerMessages.endInvalid).optional(),
    employeeId: idSchema.optional(),
    clientId: idSchema.nullish(),
    device: plannerDeviceSchema.nullish(),
    comment: commentSchema.optional(),
    force: z.boolean().optional(),
  })
  .meta({ id: 'UpdatePlannerEvent' });
export type UpdatePlannerEventRequest = z.input<typeof updatePlannerEventRequestSchema>;

const commaIds = z
  .string()
  .max(2000)
  .transform((v, ctx) => {
    const ids = [...new Set(v.split(',').map((s) => s.trim()).filter(Boolean))];
    for (const id of ids) if (!idSchema.safeParse(id).success) ctx.addIssue({ code: 'custom', message: 'Неверный идентификатор' });
    return ids;
  });

export const plannerEventsQuerySchema = z.object({
  from: momentSchema(plannerMessages.rangeInvalid),
  to: momentSchema(plannerMessages.rangeInvalid),
  /** One location or a comma list (the owner's several shops); default: the current location. */
  locationId: commaIds.optional(),
  employeeId: idSchema.optional(),
  /** A comma list of kinds; default: all three. */
  kinds: z
    .string()
    .max(100)
    .transform((v, ctx) => {
      const parts = [...new Set(v.split(',').map((s) => s.trim()).filter(Boolean))];
      for (const p of parts) if (!(plannerEventKinds as readonly string[]).includes(p)) ctx.addIssue({ code: 'custom', message: 'Неизвестный вид события' });
      return parts as PlannerEventKind[];
    })
    .optional(),
});
export type PlannerEventsQuery = z.input<typeof plannerEventsQuerySchema>;

/** `GET /api/planner/employees?locationId=`: who can have a shift or an appointment at a location (its active employees). */
export const plannerEmployeesSchema = z.array(z.object({ id: z.string(), name: z.string(), position: z.string().nullable() })).meta({ id: 'PlannerEmployees' });
export type PlannerEmployees = z.infer<typeof plannerEmployeesSchema>;
