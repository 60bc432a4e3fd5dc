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
