import { z } from 'zod';
import { idSchema, pageOf, pageQuerySchema } from './common';
import { phoneSchema } from './phone';
import { moneySchema, optionalSafeText, safeMultilineText, safeText } from './primitives';
import { isRule } from './rules';

/**
 * People (issue #22): employees (`/profileworker`, remote crm-finance) and roles (Settings → «Роли», host).
 *
 * Employees: name, phone (the sign-in login, unique), position, role, the locations they may work in
 * (or every location, present and future: `allLocations`), active or blocked, a salary scheme and notes.
 * A new employee (and a password reset) gets a temporary password shown once; it must be changed at the
 * first sign-in (`profile.mustChangePassword`; until then every other route answers 403
 * `password_change_required`). Blocking revokes every session at once.
 *
 * Rules: `view|create|edit:employee:own|location|all` (own: oneself; location: employees who may work in
 * the current location; all: every employee). Nobody grants more than they hold: a non-owner may give
 * only a role whose every rule they hold at the same or a wider scope, and may edit only employees whose
 * role they could give. `view|create|edit|delete:role` for roles. The owner role is never edited, and
 * the last active owner is never blocked or demoted.
 *
 * Live: every change publishes `employee` (id: the employee) or `role` (id: the role, locationId null);
 * the open tabs of employees who hold a changed role re-read their profile, so the menu and buttons follow
 * at once. Server: server/docs/people.md.
 */

export const employeeLimits = {
  nameMax: 120,
  positionMax: 120,
  notesMax: 2000,
  searchMax: 100,
  locationsMax: 200,
  salaryRulesMax: 20,
  roleNameMax: 60,
  rulesMax: 400,
} as const;

/** A percent from 0 to 100 with at most two decimals (`2.5`). */
export const percentSchema = z
  .number({ error: 'Процент должен быть числом' })
  .min(0, 'Процент должен быть от 0 до 100')
  .max(100, 'Процент должен быть от 0 до 100')
  .refine((v) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6, 'Не больше двух знаков после запятой');

export const salaryRuleKinds = ['services_percent', 'parts_margin_percent', 'sales_percent', 'sales_margin_percent'] as const;
export type SalaryRuleKind = (typeof salaryRuleKinds)[number];
export const salaryRuleKindLabels: Record<SalaryRuleKind, string> = {
  services_percent: '% от работ (выданные заказы)',
  parts_margin_percent: '% от маржи на запчастях (выданные заказы)',
  sales_percent: '% от продаж',
  sales_margin_percent: '% от маржи продаж',
};

export const salaryRuleSchema = z.object({
  kind: z.enum(salaryRuleKinds, { error: 'Неизвестный вид начисления' }),
  percent: percentSchema,
  /** Only lines of goods and services of this category (and its sub-categories); null: every line. */
  categoryId: idSchema.nullish().transform((v) => v ?? null),
});
export type SalaryRule = z.output<typeof salaryRuleSchema>;

/** A monthly base (kopecks), accrued by calendar days, plus commission rules. */
export const salarySchemeSchema = z
  .object({
    monthlyBase: moneySchema,
    rules: z.array(salaryRuleSchema).max(employeeLimits.salaryRulesMax, `Не больше ${employeeLimits.salaryRulesMax} правил`),
  })
  .meta({ id: 'SalaryScheme' });
export type SalaryScheme = z.output<typeof salarySchemeSchema>;
export const emptySalaryScheme: SalaryScheme = { monthlyBase: 0, rules: [] };

/**
 * The scheme as the API answers it: the same fields without the input transforms (responses are
 * encoded through their schema, and a transform cannot be encoded).
 */
export const salarySchemeResponseSchema = z
  .object({
    monthlyBase: z.number().int(),
    rules: z.array(z.object({ kind: z.enum(salaryRuleKinds), percent: z.number(), categoryId: z.string().nullable() })),
  })
  .meta({ id: 'SalarySchemeResponse' });

export const employeeSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    phone: z.string(),
    position: z.string().nullable(),
    roleId: z.string(),
    role: z.object({ id: z.string(), name: z.string(), title: z.string() }),
    locationIds: z.array(z.string()),
    /** Works in every location, present and future. */
    allLocations: z.boolean(),
    active: z.boolean(),
    blockedAt: z.string().nullable(),
    salary: salarySchemeResponseSchema,
    notes: z.string().nullable(),
    /** Signed in with a temporary password that is not changed yet. */
    mustChangePassword: z.boolean(),
    createdAt: z.string(),
    /** When the employee last used a session; null: never signed in. */
    lastSeenAt: z.string().nullable(),
  })
  .meta({ id: 'Employee' });
export type Employee = z.infer<typeof employeeSchema>;

export const employeePageSchema = pageOf(employeeSchema).meta({ id: 'EmployeePage' });
export type EmployeePage = z.infer<typeof employeePageSchema>;

const booleanQuery = z.enum(['true', 'false'], { error: 'Ожидается true или false' }).transform((v) => v === 'true');

export const employeeListQuerySchema = pageQuerySchema.extend({
  /** Name or phone (any part of the digits). */
  search: optionalSafeText({ max: employeeLimits.searchMax }),
  roleId: idSchema.optional(),
  locationId: idSchema.optional(),
  active: booleanQuery.optional(),
});
export type EmployeeListQuery = z.input<typeof employeeListQuerySchema>;

const employeeFields = {
  name: safeText({ min: 2, max: employeeLimits.nameMax, messages: { required: 'Укажите имя', tooShort: 'Имя должно быть не короче 2 символов', tooLong: 'Имя слишком длинное' } }),
  phone: phoneSchema,
  position: optionalSafeText({ max: employeeLimits.positionMax }),
  roleId: idSchema,
  locationIds: z.array(idSchema).max(employeeLimits.locationsMax, 'Слишком много магазинов'),
  allLocations: z.boolean(),
  salary: salarySchemeSchema,
  notes: safeMultilineText({ max: employeeLimits.notesMax })
    .nullish()
    .transform((v) => (v ? v : null)),
};

export const createEmployeeRequestSchema = z
  .object({ ...employeeFields, allLocations: employeeFields.allLocations.default(false), salary: employeeFields.salary.default(emptySalaryScheme), position: employeeFields.position, notes: employeeFields.notes })
  .meta({ id: 'CreateEmployee' });
export type CreateEmployeeRequest = z.input<typeof createEmployeeRequestSchema>;

export const updateEmployeeRequestSchema = z.object(employeeFields).partial().meta({ id: 'UpdateEmployee' });
export type UpdateEmployeeRequest = z.input<typeof updateEmployeeRequestSchema>;

/** The temporary password: shown once, never stored in clear and never sent again. */
export const temporaryPasswordSchema = z.object({ temporaryPassword: z.string() });
export const createEmployeeResponseSchema = employeeSchema.extend({ temporaryPassword: z.string() }).meta({ id: 'CreatedEmployee' });
export type CreateEmployeeResponse = z.infer<typeof createEmployeeResponseSchema>;

// ---------------------------------------------------------------------------------------------------
// Roles

export const roleSchema = z
  .object({
    id: z.string(),
    /** Stable code: owner, manager, engineer, cashier for the built-in ones; `role_…` for the company's own. */
    code: z.string(),
    /** The Russian name shown everywhere («Кассир», «Старший кассир»). */
    name: z.string(),
    rules: z.array(z.string()),
    /** The largest discount (% of a line) the role gives at the counter without a manager's confirmation. */
    maxDiscountPercent: z.number().int(),
    builtIn: z.boolean(),
    /** How many employees hold it (blocked ones included). */
    employeeCount: z.number().int(),
  })
  .meta({ id: 'Role' });
export type Role = z.infer<typeof roleSchema>;
export const roleListSchema = z.array(roleSchema).meta({ id: 'RoleList' });

const rulesField = z
  .array(z.string().max(80, 'Неизвестное право'))
  .max(employeeLimits.rulesMax, 'Слишком много прав')
  .superRefine((rules, ctx) => {
    rules.forEach((r, i) => {
      if (!isRule(r)) ctx.addIssue({ code: 'custom', path: [i], message: `Неизвестное право: ${r}` });
    });
  })
  .transform((rules) => [...new Set(rules)]);

export const createRoleRequestSchema = z
  .object({
    name: safeText({ min: 2, max: employeeLimits.roleNameMax, messages: { required: 'Укажите название роли', tooShort: 'Название роли не короче 2 символов', tooLong: 'Название роли слишком длинное' } }),
    rules: rulesField,
    maxDiscountPercent: z.number({ error: 'Укажите скидку в процентах' }).int('Скидка — целое число процентов').min(0, 'Скидка от 0 до 100%').max(100, 'Скидка от 0 до 100%').default(0),
  })
  .meta({ id: 'CreateRole' });
export type CreateRoleRequest = z.input<typeof createRoleRequestSchema>;
export const updateRoleRequestSchema = createRoleRequestSchema.partial().meta({ id: 'UpdateRole' });
export type UpdateRoleRequest = z.input<typeof updateRoleRequestSchema>;

export const peopleMessages = {
  employeeNotFound: 'Сотрудник не найден',
  phoneTaken: 'Этот телефон уже использует другой сотрудник',
  roleNotFound: 'Роль не найдена',
  locationNotFound: 'Магазин не найден или удалён',
  noLocations: 'Укажите хотя бы один магазин',
  categoryNotFound: 'Категория не найдена',
  lastOwner: 'Это последний активный владелец: назначьте владельцем другого сотрудника, прежде чем блокировать или менять роль',
  ownerRoleLocked: 'Роль «Владелец» нельзя изменить или удалить',
  builtInRole: 'Встроенную роль нельзя удалить',
  roleNameTaken: 'Роль с таким названием уже есть',
  roleInUse: (n: number) => `Роль назначена ${n} ${n % 10 === 1 && n % 100 !== 11 ? 'сотруднику' : 'сотрудникам'}: сначала назначьте им другую роль`,
  wider: (rule: string) => `Нельзя выдать право, которого нет у вас: ${rule}`,
  ownerOnly: 'Назначить роль «Владелец» может только владелец',
  editWider: 'Нельзя изменить сотрудника, у которого прав больше, чем у вас',
  selfBlock: 'Нельзя заблокировать самого себя',
  alreadyBlocked: 'Сотрудник уже заблокирован',
  notBlocked: 'Сотрудник не заблокирован',
  blocked: 'Сотрудник заблокирован',
  /** The sign-in of a blocked employee with the right password (403 `forbidden`); a wrong password gets the generic 401. */
  blockedSignIn: 'Сотрудник заблокирован. Обратитесь к руководителю',
  selfAccess: 'Свою роль, магазины и зарплату меняет руководитель',
  widerDiscount: (percent: number) => `Нельзя выдать скидку больше вашей: ${percent}%`,
  passwordChangeRequired: 'Смените временный пароль, чтобы продолжить работу',
} as const;

/** A readable temporary password: 10 characters without look-alikes (0/O, 1/l/I). */
export const temporaryPasswordAlphabet = 'abcdefghijkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';
export const temporaryPasswordLength = 10;
