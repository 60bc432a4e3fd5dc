import type { LocationDefaultsInput } from '../location-defaults';

export const demoPassword = 'demo1234';
export const demoCompanyName = 'Сервис+';

/** Named so that alphabetical order (how `/location` and the profile list them) matches "first, second, third". */
export const demoLocations: LocationDefaultsInput[] = [
  {
    name: 'Сервис+ на Арбате',
    address: 'г. Москва, ул. Арбат, д. 24',
    phone: '+7 (495) 120-34-56',
    workingHours: 'Пн–Пт 10:00–20:00, Сб–Вс 11:00–19:00',
  },
  {
    name: 'Сервис+ на Белорусской',
    address: 'г. Москва, ул. Лесная, д. 7, ТЦ «Белая площадь», 1 этаж',
    phone: '+7 (495) 230-45-67',
    workingHours: 'Ежедневно 09:00–21:00',
  },
  {
    name: 'Сервис+ на Войковской',
    address: 'г. Москва, Ленинградское ш., д. 16А, стр. 2',
    phone: '+7 (495) 340-56-78',
    workingHours: 'Пн–Сб 10:00–20:00, Вс — выходной',
  },
];

export interface DemoAccount {
  phone: string;
  name: string;
  position: string;
  role: 'owner' | 'manager' | 'engineer' | 'cashier';
  allLocations: boolean;
  /** Indexes into demoLocations when allLocations is false. */
  locations: number[];
}

export const demoAccounts: DemoAccount[] = [
  { phone: '+79000000001', name: 'Смирнов Алексей Петрович', position: 'Генеральный директор', role: 'owner', allLocations: true, locations: [] },
  { phone: '+79000000002', name: 'Кузнецова Ольга Викторовна', position: 'Управляющая сетью', role: 'manager', allLocations: true, locations: [] },
  { phone: '+79000000003', name: 'Иванов Дмитрий Сергеевич', position: 'Инженер по ремонту', role: 'engineer', allLocations: false, locations: [0, 1] },
  { phone: '+79000000004', name: 'Попова Анна Игоревна', position: 'Кассир-продавец', role: 'cashier', allLocations: false, locations: [0] },
];

/** The custom role of the demo (issue #22): a fixed code so that the seeders find it again. */
export const seniorCashierRole = { code: 'role_5c0a55e1', title: 'Старший кассир', maxDiscountPercent: 15 } as const;

export interface DemoStaffMember extends Omit<DemoAccount, 'role'> {
  /** A built-in role, or `senior_cashier` for the custom role above. */
  role: DemoAccount['role'] | 'senior_cashier';
  /** A former employee: blocked this many days ago. */
  blockedDaysAgo?: number;
}

/**
 * The rest of the demo staff (seeder `auth.staff`, issue #22), 12 people with the four accounts above.
 * Same password `demo1234`. Salary schemes: seeder `people.salary` (server/docs/people.md).
 */
export const demoStaff: DemoStaffMember[] = [
  { phone: '+79000000005', name: 'Соколов Максим Андреевич', position: 'Инженер по ремонту', role: 'engineer', allLocations: false, locations: [2] },
  { phone: '+79000000006', name: 'Волков Артём Денисович', position: 'Старший инженер', role: 'engineer', allLocations: false, locations: [1, 2] },
  { phone: '+79000000007', name: 'Лебедева Мария Александровна', position: 'Кассир-продавец', role: 'cashier', allLocations: false, locations: [1] },
  { phone: '+79000000008', name: 'Новикова Екатерина Дмитриевна', position: 'Продавец-консультант', role: 'cashier', allLocations: false, locations: [2] },
  { phone: '+79000000009', name: 'Козлова Ирина Сергеевна', position: 'Старший кассир', role: 'senior_cashier', allLocations: false, locations: [0, 1] },
  { phone: '+79000000010', name: 'Фёдоров Павел Олегович', position: 'Управляющий магазином', role: 'manager', allLocations: false, locations: [2] },
  { phone: '+79000000011', name: 'Орлова Виктория Павловна', position: 'Менеджер по маркетингу', role: 'manager', allLocations: true, locations: [] },
  { phone: '+79000000012', name: 'Григорьев Сергей Витальевич', position: 'Инженер по ремонту', role: 'engineer', allLocations: false, locations: [0], blockedDaysAgo: 40 },
];
