import { entities, entityLabels, type AuditAction, type AuditEntry } from '@repo/contracts';

/** Russian names and tag colours of the audited actions (every value of `auditActions`). */
export const actionTags: Record<AuditAction, { label: string; color: string }> = {
  create: { label: 'Создание', color: 'green' },
  update: { label: 'Изменение', color: 'blue' },
  delete: { label: 'Удаление', color: 'red' },
  post: { label: 'Проведение', color: 'cyan' },
  cancel: { label: 'Отмена', color: 'orange' },
  print: { label: 'Печать', color: 'geekblue' },
  login: { label: 'Вход', color: 'purple' },
  logout: { label: 'Выход', color: 'default' },
  login_failed: { label: 'Неудачный вход', color: 'volcano' },
  password_change: { label: 'Смена пароля', color: 'gold' },
  login_throttled: { label: 'Вход отклонён (частые попытки)', color: 'volcano' },
  password_change_failed: { label: 'Неверный текущий пароль', color: 'gold' },
  location_switch: { label: 'Смена магазина', color: 'cyan' },
};

/**
 * One row names one object, so the column wants the singular («Магазин»); `entityLabels` are
 * plural category names («магазины»), used below only for entities nobody has named here yet.
 * `location_image` and `session` are audit entities that are not permission entities.
 */
const singular: Record<string, string> = {
  location: 'Магазин',
  location_image: 'Фото магазина',
  employee: 'Сотрудник',
  session: 'Сеанс',
  role: 'Роль',
  settings: 'Настройки',
  category: 'Категория',
  product: 'Товар или услуга',
  stock_document: 'Складской документ',
  purchase_order: 'Закупка',
  sale: 'Продажа',
  repair_order: 'Заказ на ремонт',
  template: 'Шаблон документа',
  client: 'Клиент',
  task: 'Задача',
};

const capitalize = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

export function entityName(entity: string): string {
  if (singular[entity]) return singular[entity];
  const plural = (entityLabels as Record<string, string | undefined>)[entity];
  return plural ? capitalize(plural) : entity;
}

/** The object-type filter: what is audited today first, then the rest of the permission entities. */
export const entityOptions = [...new Set(['location', 'location_image', 'employee', ...entities])]
  .filter((e) => e !== 'audit')
  .map((value) => ({ value, label: entityName(value) }));

/** Field names of the diffs the server writes today (location, location images, employee, sign-in). */
const fields: Record<string, string> = {
  name: 'Название',
  address: 'Адрес',
  phone: 'Телефон',
  workingHours: 'Часы работы',
  images: 'Фото',
  position: 'Должность',
  active: 'Активен',
  role: 'Роль',
  roleId: 'Роль',
  allLocations: 'Все магазины',
  locations: 'Магазины',
  locationId: 'Магазин',
  mime: 'Тип файла',
  size: 'Размер, байт',
  width: 'Ширина',
  height: 'Высота',
  session: 'Сеанс',
  revokedSessions: 'Завершено сеансов',
};

/** An employee's name is a person's field, not an object title: «Имя» reads better there. */
export function fieldName(entity: string, field: string): string {
  if (field === 'name' && entity === 'employee') return 'Имя';
  return fields[field] ?? field;
}

/**
 * Who did it. No employee on a failed sign-in means an unknown phone, not the system; elsewhere
 * the server acted by itself. (A deleted employee's rows also lose the id, ON DELETE SET NULL.)
 */
export function actorName(entry: Pick<AuditEntry, 'employeeId' | 'employeeName' | 'action'>): string {
  if (entry.employeeName) return entry.employeeName;
  if (entry.employeeId || entry.action === 'login_failed' || entry.action === 'login_throttled') return '—';
  return 'система';
}
