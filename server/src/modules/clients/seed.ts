import { normalizeSearchText } from '@repo/contracts';
import { count, inArray } from 'drizzle-orm';
import { counterparties, counterpartyPhones, locations } from '../../db/schema';
import { demoLocations } from '../../db/seed/demo-data';
import type { Seeder } from '../../lib/module';

const suppliers = [
  { name: 'ООО «Мобильные запчасти»', inn: '7701234567', phone: '+74951234501', email: 'opt@mobparts.ru', address: 'Москва, ул. Складочная, 1, стр. 6' },
  { name: 'ООО «ДисплейОпт»', inn: '7702345678', phone: '+74951234502', email: 'sales@displayopt.ru', address: 'Москва, Каширское ш., 3, к. 2' },
  { name: 'ИП Гусев Павел Андреевич', inn: '770312345678', phone: '+79161234503', email: 'gusev.parts@mail.ru', address: 'Москва, Митинский радиорынок, пав. 214' },
  { name: 'ООО «АккумТорг»', inn: '7704456789', phone: '+74951234504', email: 'info@akkumtorg.ru', address: 'Москва, ул. Электрозаводская, 27' },
  { name: 'ООО «Аксессуары Оптом»', inn: '7705567890', phone: '+74951234505', email: 'zakaz@aksopt.ru', address: 'Москва, Варшавское ш., 125' },
  { name: 'ООО «ТелеТрейд Дистрибуция»', inn: '7706678901', phone: '+74951234506', email: 'b2b@teletrade-d.ru', address: 'Химки, ул. Заводская, 10' },
];

const clients = [
  ['Иван Петров', '+79161112233'], ['Мария Смирнова', '+79262223344'], ['Алексей Кузнецов', '+79033334455'],
  ['Елена Попова', '+79154445566'], ['Дмитрий Васильев', '+79855556677'], ['Ольга Соколова', '+79266667788'],
  ['Сергей Михайлов', '+79037778899'], ['Анна Новикова', '+79168889900'], ['Павел Фёдоров', '+79269990011'],
  ['Наталья Морозова', '+79150001122'], ['Андрей Волков', '+79851112234'], ['Татьяна Алексеева', '+79032223345'],
] as const;

/**
 * Demo counterparties: six suppliers of a phone repair chain (wholesalers of parts, displays,
 * batteries, accessories) and a dozen clients. Only for the demo company and an empty table.
 */
export const clientsDemoSeeder: Seeder = {
  name: 'clients.demo',
  async run(tx, { config }) {
    if (!config.seedDemo) return;
    const demo = await tx.select({ id: locations.id }).from(locations).where(inArray(locations.name, demoLocations.map((l) => l.name)));
    if (demo.length === 0) return;
    const [{ n }] = await tx.select({ n: count() }).from(counterparties);
    if (Number(n) > 0) return;
    for (const s of suppliers) {
      const [row] = await tx
        .insert(counterparties)
        .values({ kind: 'company', name: s.name, searchName: normalizeSearchText(s.name), inn: s.inn, email: s.email, address: s.address, isSupplier: true, tags: ['поставщик'] })
        .returning({ id: counterparties.id });
      await tx.insert(counterpartyPhones).values({ counterpartyId: row.id, phone: s.phone, digits: s.phone.slice(1), position: 0 });
    }
    for (const [name, phone] of clients) {
      const [row] = await tx
        .insert(counterparties)
        .values({ kind: 'person', name, searchName: normalizeSearchText(name), source: 'Авито', tags: [] })
        .returning({ id: counterparties.id });
      await tx.insert(counterpartyPhones).values({ counterpartyId: row.id, phone, digits: phone.slice(1), position: 0 });
    }
  },
};
