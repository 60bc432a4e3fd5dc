import { normalizeSearchText } from '@repo/contracts';
import { count, eq, inArray } from 'drizzle-orm';
import { counterparties, counterpartyPhones, locations } from '../../db/schema';
import { demoLocations } from '../../db/seed/demo-data';
import type { Seeder } from '../../lib/module';
import { postClientLedger } from './ledger';

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

// ---------------------------------------------------------------------------------------------------
// The client base of a chain that has worked for a while (issue #9): about 400 people and companies.

const maleFirst = ['Александр', 'Алексей', 'Андрей', 'Антон', 'Артём', 'Борис', 'Вадим', 'Виктор', 'Владимир', 'Денис', 'Дмитрий', 'Евгений', 'Егор', 'Игорь', 'Илья', 'Кирилл', 'Константин', 'Максим', 'Михаил', 'Никита', 'Николай', 'Олег', 'Павел', 'Роман', 'Руслан', 'Сергей', 'Станислав', 'Тимур', 'Фёдор', 'Юрий'];
const femaleFirst = ['Алина', 'Алла', 'Анастасия', 'Анна', 'Валентина', 'Вера', 'Виктория', 'Галина', 'Дарья', 'Екатерина', 'Елена', 'Жанна', 'Зоя', 'Ирина', 'Карина', 'Кристина', 'Ксения', 'Лариса', 'Любовь', 'Людмила', 'Марина', 'Мария', 'Надежда', 'Наталья', 'Нина', 'Оксана', 'Ольга', 'Полина', 'Светлана', 'Юлия'];
const surnames = ['Иванов', 'Смирнов', 'Кузнецов', 'Попов', 'Васильев', 'Петров', 'Соколов', 'Михайлов', 'Новиков', 'Фёдоров', 'Морозов', 'Волков', 'Алексеев', 'Лебедев', 'Семёнов', 'Егоров', 'Павлов', 'Козлов', 'Степанов', 'Николаев', 'Орлов', 'Андреев', 'Макаров', 'Никитин', 'Захаров', 'Зайцев', 'Соловьёв', 'Борисов', 'Яковлев', 'Григорьев', 'Романов', 'Воробьёв', 'Сергеев', 'Кузьмин', 'Фролов', 'Александров', 'Дмитриев', 'Королёв', 'Гусев', 'Киселёв', 'Ильин', 'Максимов', 'Поляков', 'Сорокин', 'Виноградов', 'Ковалёв', 'Белов', 'Медведев', 'Антонов', 'Тарасов'];
const feminine = (surname: string) => (surname.endsWith('ий') ? `${surname.slice(0, -2)}ая` : `${surname}а`);
const companies = ['ООО «Курьер Плюс»', 'ООО «Такси Столица»', 'ИП Ахмедов Руслан Маратович', 'ООО «Альфа Логистик»', 'ООО «Бюро переводов «Слово»»', 'ООО «Кофейня на углу»', 'ИП Белова Ирина Сергеевна', 'ООО «СтройМонтаж»', 'ООО «Школа английского «Лондон»»', 'ООО «Агентство недвижимости «Ключ»»', 'ООО «Фитнес Лайн»', 'ИП Карпов Олег Юрьевич', 'ООО «Доставка продуктов «Свежее»»', 'ООО «Клиника «Здоровье»»', 'ООО «Охрана Щит»', 'ООО «Автосервис «Мотор»»', 'ИП Зуева Анна Павловна', 'ООО «Гостиница «Уют»»'];
const partSuppliers = ['ООО «Запчасти для смартфонов»', 'ИП Рахимов Тимур Ильдарович', 'ООО «Мобайл Сервис Опт»', 'ООО «Чехлы и Стёкла»'];
const sources = ['Авито', 'Яндекс Карты', '2ГИС', 'Рекомендация', 'Вывеска', 'Instagram', 'Сайт', 'Повторный клиент'];
const tagSets = [[], [], [], ['Постоянный'], ['Постоянный'], ['VIP'], ['Постоянный', 'VIP'], ['Оптовик'], ['Проблемный'], ['Гарантия']] as const;

/** A small deterministic generator, so every demo shows the same client base. */
function random(seed: number) {
  let x = seed;
  return () => {
    x = (x * 1103515245 + 12345) % 2147483648;
    return x / 2147483648;
  };
}

/**
 * About 400 demo clients: people (with a phone or two, some with e-mail), companies with an ИНН (some are
 * parts suppliers), tags, sources and personal discounts. About 20 owe us from before the system (an
 * opening adjustment in their ledger), a few have an advance. Runs once, for the demo company.
 */
export const clientBaseDemoSeeder: Seeder = {
  name: 'clients.demo-base',
  async run(tx, { config }) {
    if (!config.seedDemo) return;
    const demo = await tx.select({ id: locations.id }).from(locations).where(inArray(locations.name, demoLocations.map((l) => l.name)));
    if (demo.length === 0) return;
    const [{ n }] = await tx.select({ n: count() }).from(counterparties).where(eq(counterparties.isSupplier, false));
    if (Number(n) >= 100) return;
    const rnd = random(20261125);
    const pick = <T>(list: readonly T[]) => list[Math.floor(rnd() * list.length)];
    const usedPhones = new Set((await tx.select({ phone: counterpartyPhones.phone }).from(counterpartyPhones)).map((r) => r.phone));
    const phone = () => {
      for (;;) {
        const p = `+79${pick(['15', '16', '17', '25', '26', '03', '05', '85', '99', '77'])}${String(Math.floor(rnd() * 10_000_000)).padStart(7, '0')}`;
        if (!usedPhones.has(p)) {
          usedPhones.add(p);
          return p;
        }
      }
    };
    type Row = typeof counterparties.$inferInsert & { phones: string[] };
    const rows: Row[] = [];
    for (let i = 0; i < 378; i++) {
      const female = rnd() < 0.5;
      const surname = pick(surnames);
      const name = `${female ? pick(femaleFirst) : pick(maleFirst)} ${female ? feminine(surname) : surname}`;
      const tags = [...pick(tagSets)];
      const email = rnd() < 0.3 ? `${['client', 'mail', 'user', 'box'][i % 4]}${1000 + i}@${pick(['mail.ru', 'yandex.ru', 'gmail.com', 'bk.ru'])}` : null;
      rows.push({
        kind: 'person',
        name,
        searchName: normalizeSearchText(name),
        email,
        source: pick(sources),
        tags,
        discountPercent: tags.includes('VIP') ? 10 : tags.includes('Постоянный') ? 5 : 0,
        notes: tags.includes('Проблемный') ? 'Спорил по гарантии, оформлять приёмку с фото' : null,
        phones: rnd() < 0.12 ? [phone(), phone()] : [phone()],
      });
    }
    companies.forEach((name, i) =>
      rows.push({
        kind: 'company',
        name,
        searchName: normalizeSearchText(name),
        email: `office${i + 1}@example-company.ru`,
        address: `Москва, ул. ${pick(['Тверская', 'Садовая', 'Профсоюзная', 'Ленинский пр.', 'Мира пр.'])}, ${10 + i}`,
        source: pick(['Рекомендация', 'Сайт', 'Повторный клиент']),
        tags: ['Юрлицо', ...(i % 3 === 0 ? ['Оптовик'] : [])],
        discountPercent: i % 3 === 0 ? 7 : 3,
        inn: name.startsWith('ИП') ? `7709${String(10000000 + i * 7919).slice(0, 8)}` : `7710${String(100000 + i * 7919).slice(0, 6)}`,
        notes: 'Безналичная оплата по счёту',
        phones: [phone()],
      }),
    );
    partSuppliers.forEach((name, i) =>
      rows.push({
        kind: 'company',
        name,
        searchName: normalizeSearchText(name),
        email: `opt${i + 1}@parts-supply.ru`,
        tags: ['поставщик'],
        isSupplier: true,
        inn: name.startsWith('ИП') ? '771234509876' : `772${String(1234567 + i * 13).slice(0, 7)}`,
        phones: [`+7495777${String(1000 + i).padStart(4, '0')}`],
      }),
    );
    const inserted = await tx
      .insert(counterparties)
      .values(rows.map(({ phones: _p, ...r }) => r))
      .returning({ id: counterparties.id });
    const phoneRows = inserted.flatMap((r, i) => rows[i].phones.map((p, position) => ({ counterpartyId: r.id, phone: p, digits: p.slice(1), position })));
    await tx.insert(counterpartyPhones).values(phoneRows);
    const people = inserted.slice(0, 378);
    const entries = [
      ...people.slice(0, 20).map((r, i) => ({ clientId: r.id, kind: 'adjustment', amount: -(150000 + ((i * 37) % 20) * 25000), locationId: demo[i % demo.length].id, comment: 'Долг за ремонт до перехода в систему' })),
      ...people.slice(20, 26).map((r, i) => ({ clientId: r.id, kind: 'adjustment', amount: 100000 + i * 50000, locationId: demo[i % demo.length].id, comment: 'Предоплата до перехода в систему' })),
    ];
    await postClientLedger(tx, entries);
  },
};
