import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { SalaryScheme } from '@repo/contracts';
import { categories, employeeLocations, employees, locations, roles } from '../../db/schema';
import { builtInRoles } from '../../db/seed/roles';
import { demoAccounts, demoLocations, demoPassword, demoStaff, seniorCashierRole, type DemoStaffMember } from '../../db/seed/demo-data';
import type { Seeder } from '../../lib/module';
import { hashPassword, verifyPassword } from '../auth/password';

const DAY = 86_400_000;

/** The senior cashier: the cashier's rules plus cancelling sales, the shop's reports and stock documents, and colleagues of the shop. */
export function seniorCashierRules(): string[] {
  const cashier = builtInRoles().find((r) => r.name === 'cashier')!.rules;
  return [...new Set([...cashier, 'cancel:sale:location', 'view:report:location', 'view:stock_document:location', 'view:employee:location'])];
}

/**
 * `auth.staff` (in the auth module's list, right after `auth.company`, so every later demo seeder sees
 * them): the custom role «Старший кассир» and eight more employees across the three demo shops
 * (`demoStaff`), one of them a blocked former engineer. Password `demo1234`, sharing the demo accounts'
 * hash when it still is that password. Only with `SEED_DEMO` and the demo locations; an existing phone
 * or role is left as it is.
 */
export const staffSeeder: Seeder = {
  name: 'auth.staff',
  async run(tx, { config }) {
    if (!config.seedDemo) return;
    const found = await tx.select({ id: locations.id, name: locations.name }).from(locations).where(inArray(locations.name, demoLocations.map((l) => l.name)));
    if (found.length < demoLocations.length) return;
    const locationIds = demoLocations.map((d) => found.find((l) => l.name === d.name)!.id);
    const roleRows = await tx.select({ id: roles.id, name: roles.name }).from(roles);
    const roleId = (name: string) => roleRows.find((r) => r.name === name)?.id;
    if (!['owner', 'manager', 'engineer', 'cashier'].every((r) => roleId(r))) return;

    await tx
      .insert(roles)
      .values({ name: seniorCashierRole.code, title: seniorCashierRole.title, rules: seniorCashierRules(), maxDiscountPercent: seniorCashierRole.maxDiscountPercent, builtIn: false })
      .onConflictDoNothing({ target: roles.name });
    const [senior] = await tx.select({ id: roles.id }).from(roles).where(eq(roles.name, seniorCashierRole.code));

    const [existing] = await tx.select({ hash: employees.passwordHash }).from(employees).where(inArray(employees.phone, demoAccounts.map((a) => a.phone))).limit(1);
    const passwordHash = existing && (await verifyPassword(existing.hash, demoPassword)) ? existing.hash : await hashPassword(demoPassword);
    const roleOf = (m: DemoStaffMember) => (m.role === 'senior_cashier' ? senior.id : roleId(m.role)!);
    const now = Date.now();
    for (const m of demoStaff) {
      const blockedAt = m.blockedDaysAgo ? new Date(now - m.blockedDaysAgo * DAY) : null;
      const [row] = await tx
        .insert(employees)
        .values({
          name: m.name,
          phone: m.phone,
          passwordHash,
          position: m.position,
          roleId: roleOf(m),
          allLocations: m.allLocations,
          active: !blockedAt,
          blockedAt,
          // Hired a while before the demo's documents start (a former one before he left).
          createdAt: new Date(now - (m.blockedDaysAgo ? 400 : 200) * DAY),
        })
        .onConflictDoNothing({ target: employees.phone })
        .returning({ id: employees.id });
      if (row && !m.allLocations) await tx.insert(employeeLocations).values(m.locations.map((i) => ({ employeeId: row.id, locationId: locationIds[i] })));
    }
  },
};

/** The demo's pay: engineers, cashiers (sales margin on accessories only), managers; the owner has none. */
function schemeFor(role: string, accessories: string | null): SalaryScheme | null {
  switch (role) {
    case 'engineer':
      return {
        monthlyBase: 3_000_000,
        rules: [
          { kind: 'services_percent', percent: 40, categoryId: null },
          { kind: 'parts_margin_percent', percent: 10, categoryId: null },
        ],
      };
    case 'cashier':
    case 'senior_cashier':
      return {
        monthlyBase: role === 'senior_cashier' ? 4_000_000 : 3_500_000,
        rules: [
          { kind: 'sales_percent', percent: 3, categoryId: null },
          { kind: 'sales_margin_percent', percent: 10, categoryId: accessories },
        ],
      };
    case 'manager':
      return { monthlyBase: 8_000_000, rules: [{ kind: 'sales_percent', percent: 1, categoryId: null }] };
    default:
      return null;
  }
}

/**
 * `people.salary` (after the catalogue's demo, so the cashiers' margin rule can be limited to
 * «Аксессуары»): a salary scheme for every demo employee but the owner. Only with `SEED_DEMO`; an
 * employee whose scheme is no longer empty keeps it.
 */
export const salarySeeder: Seeder = {
  name: 'people.salary',
  async run(tx, { config }) {
    if (!config.seedDemo) return;
    const [acc] = await tx.select({ id: categories.id }).from(categories).where(and(eq(categories.name, 'Аксессуары'), isNull(categories.parentId))).limit(1);
    const people = [...demoAccounts, ...demoStaff];
    const rows = await tx.select({ id: employees.id, phone: employees.phone, salary: employees.salary }).from(employees).where(inArray(employees.phone, people.map((p) => p.phone)));
    // The base accrues from the day an employee is added. The demo's pay starts with the month before last
    // (paid out in full by `payroll.demo`), so everyone is «hired» on its first day (Moscow): the statements
    // then open at zero instead of owing years of base nobody ever paid.
    const msk = new Date(Date.now() + 3 * 3_600_000);
    const hired = new Date(`${new Date(Date.UTC(msk.getUTCFullYear(), msk.getUTCMonth() - 2, 1)).toISOString().slice(0, 10)}T00:00:00+03:00`);
    const blocked = await tx.select({ id: employees.id, blockedAt: employees.blockedAt }).from(employees).where(inArray(employees.phone, people.map((p) => p.phone)));
    for (const row of rows) {
      const leftAt = blocked.find((b) => b.id === row.id)?.blockedAt;
      const createdAt = leftAt && leftAt <= hired ? new Date(leftAt.getTime() - 90 * DAY) : hired;
      if (row.salary && (row.salary.monthlyBase > 0 || row.salary.rules.length > 0)) continue;
      const scheme = schemeFor(people.find((p) => p.phone === row.phone)!.role, acc?.id ?? null);
      await tx.update(employees).set({ ...(scheme ? { salary: scheme } : {}), createdAt }).where(eq(employees.id, row.id));
    }
  },
};
