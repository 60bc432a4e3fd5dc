import { count, inArray } from 'drizzle-orm';
import { normalizeSearchText, type ProductKind } from '@repo/contracts';
import { demoLocations } from '../../db/seed/demo-data';
import sharp from 'sharp';
import { categories, locations, productBarcodes, productImages, productMinStock, products, warehouses } from '../../db/schema';
import type { Seeder } from '../../lib/module';

/** An EAN-13 from its first 12 digits: the check digit is 10 − (odd digits + 3 × even digits) mod 10. */
export function ean13(first12: string): string {
  if (!/^\d{12}$/.test(first12)) throw new Error(`ean13 needs 12 digits, got ${first12}`);
  const sum = [...first12].reduce((s, d, i) => s + Number(d) * (i % 2 === 0 ? 1 : 3), 0);
  return first12 + String((10 - (sum % 10)) % 10);
}

/** Demo barcodes: Russia's 460 prefix, a made-up maker 7001, then the item number. */
const demoEan = (n: number) => ean13(`4607001${String(n).padStart(5, '0')}`);

interface DemoProduct {
  name: string;
  sku: string;
  /** Kopecks. */
  price: number;
  warrantyDays: number;
  kind?: ProductKind;
  unit?: string;
  serialTracked?: boolean;
  /** How many barcodes (goods get one by default, services none). */
  barcodes?: number;
  /** A minimum in every demo location's default warehouse. */
  minStock?: number;
}

type DemoTree = Array<{ name: string; children: Array<{ name: string; products: DemoProduct[] }> }>;

/** The hand-written part of the tree: what the demo stock receives, moves and counts (stock/seed.ts). */
const stockedCatalog: DemoTree = [
  {
    name: 'Запчасти',
    children: [
      {
        name: 'Дисплеи',
        products: [
          { name: 'Дисплей iPhone 11 (LCD, оригинал)', sku: 'DSP-IP11', price: 650_000, warrantyDays: 90, minStock: 1 },
          { name: 'Дисплей iPhone 12 (OLED)', sku: 'DSP-IP12', price: 1_290_000, warrantyDays: 90, minStock: 1 },
          { name: 'Дисплей iPhone 13 (OLED)', sku: 'DSP-IP13', price: 1_490_000, warrantyDays: 90, minStock: 1 },
          { name: 'Дисплей iPhone 14 Pro (OLED)', sku: 'DSP-IP14P', price: 2_790_000, warrantyDays: 90 },
          { name: 'Дисплей Samsung Galaxy A52 (AMOLED)', sku: 'DSP-SGA52', price: 890_000, warrantyDays: 90 },
          { name: 'Дисплей Samsung Galaxy S21 (AMOLED)', sku: 'DSP-SGS21', price: 1_590_000, warrantyDays: 90 },
          { name: 'Дисплей Xiaomi Redmi Note 10 Pro', sku: 'DSP-XRN10P', price: 520_000, warrantyDays: 90 },
          { name: 'Дисплей Xiaomi Redmi 9A', sku: 'DSP-XR9A', price: 240_000, warrantyDays: 90, minStock: 2 },
        ],
      },
      {
        name: 'Аккумуляторы',
        products: [
          { name: 'Аккумулятор iPhone 11', sku: 'BAT-IP11', price: 250_000, warrantyDays: 180, minStock: 2 },
          { name: 'Аккумулятор iPhone 12 / 12 Pro', sku: 'BAT-IP12', price: 290_000, warrantyDays: 180, minStock: 2 },
          { name: 'Аккумулятор iPhone 13', sku: 'BAT-IP13', price: 340_000, warrantyDays: 180, minStock: 2 },
          { name: 'Аккумулятор Samsung Galaxy A52 (EB-BA525ABY)', sku: 'BAT-SGA52', price: 190_000, warrantyDays: 180 },
          { name: 'Аккумулятор Xiaomi Redmi Note 10 Pro (BN53)', sku: 'BAT-XBN53', price: 170_000, warrantyDays: 180 },
          { name: 'Аккумулятор Xiaomi Redmi 9A (BN56)', sku: 'BAT-XBN56', price: 120_000, warrantyDays: 180, minStock: 2 },
        ],
      },
    ],
  },
  {
    name: 'Аксессуары',
    children: [
      {
        name: 'Чехлы',
        products: [
          { name: 'Чехол силиконовый iPhone 13, чёрный', sku: 'CASE-IP13-BLK', price: 99_000, warrantyDays: 14, minStock: 3 },
          { name: 'Чехол силиконовый iPhone 14, прозрачный', sku: 'CASE-IP14-CLR', price: 79_000, warrantyDays: 14, minStock: 3 },
          { name: 'Чехол-книжка Samsung Galaxy A52', sku: 'CASE-SGA52-BOOK', price: 119_000, warrantyDays: 14 },
          { name: 'Чехол противоударный Xiaomi Redmi Note 10 Pro', sku: 'CASE-XRN10P', price: 69_000, warrantyDays: 14 },
          { name: 'Чехол MagSafe iPhone 13 Pro', sku: 'CASE-IP13P-MS', price: 249_000, warrantyDays: 14 },
        ],
      },
      {
        name: 'Защитные стёкла',
        products: [
          { name: 'Защитное стекло iPhone 13/14 (3D)', sku: 'GLS-IP13', price: 59_000, warrantyDays: 0, minStock: 5, barcodes: 2 },
          { name: 'Защитное стекло Samsung Galaxy A52', sku: 'GLS-SGA52', price: 49_000, warrantyDays: 0, minStock: 3 },
          { name: 'Защитное стекло Xiaomi Redmi Note 10 Pro', sku: 'GLS-XRN10P', price: 45_000, warrantyDays: 0, minStock: 3 },
          { name: 'Гидрогелевая плёнка универсальная', sku: 'FILM-HYDRO', price: 39_000, warrantyDays: 0 },
        ],
      },
      {
        name: 'Зарядные устройства и кабели',
        products: [
          { name: 'Сетевое зарядное устройство USB-C 20 Вт', sku: 'CHG-20W', price: 149_000, warrantyDays: 180, minStock: 2 },
          { name: 'Сетевое зарядное устройство USB-C 65 Вт GaN', sku: 'CHG-65W', price: 349_000, warrantyDays: 180 },
          { name: 'Автомобильное зарядное устройство 2×USB', sku: 'CHG-CAR', price: 89_000, warrantyDays: 180 },
          { name: 'Беспроводное зарядное устройство 15 Вт', sku: 'CHG-QI15', price: 199_000, warrantyDays: 180 },
          { name: 'Кабель USB-C — Lightning, 1 м', sku: 'CBL-C-LTG', price: 89_000, warrantyDays: 30, minStock: 3, barcodes: 2 },
          { name: 'Кабель USB-C — USB-C, 1 м', sku: 'CBL-C-C', price: 69_000, warrantyDays: 30, minStock: 3 },
          { name: 'Кабель USB-A — micro-USB, 1 м', sku: 'CBL-A-MICRO', price: 35_000, warrantyDays: 30 },
        ],
      },
    ],
  },
  {
    name: 'Устройства',
    children: [
      {
        name: 'Смартфоны',
        products: [
          { name: 'Смартфон Apple iPhone 13 128 ГБ, восстановленный', sku: 'PH-IP13-128-R', price: 4_499_000, warrantyDays: 365, serialTracked: true },
          { name: 'Смартфон Samsung Galaxy A52 128 ГБ, б/у', sku: 'PH-SGA52-128-U', price: 1_599_000, warrantyDays: 90, serialTracked: true },
          { name: 'Смартфон Xiaomi Redmi Note 10 Pro 128 ГБ, б/у', sku: 'PH-XRN10P-128-U', price: 1_299_000, warrantyDays: 90, serialTracked: true },
        ],
      },
    ],
  },
  {
    name: 'Услуги',
    children: [
      {
        name: 'Ремонт телефонов',
        products: [
          { name: 'Замена дисплея', sku: 'SRV-DSP', price: 150_000, warrantyDays: 90, kind: 'service' },
          { name: 'Замена аккумулятора', sku: 'SRV-BAT', price: 80_000, warrantyDays: 90, kind: 'service' },
          { name: 'Замена разъёма зарядки', sku: 'SRV-CHGPORT', price: 120_000, warrantyDays: 90, kind: 'service' },
          { name: 'Замена заднего стекла', sku: 'SRV-BACK', price: 250_000, warrantyDays: 30, kind: 'service' },
          { name: 'Чистка после попадания влаги', sku: 'SRV-WATER', price: 150_000, warrantyDays: 0, kind: 'service' },
          { name: 'Наклейка защитного стекла', sku: 'SRV-GLS', price: 30_000, warrantyDays: 0, kind: 'service' },
          { name: 'Восстановление ПО, перепрошивка', sku: 'SRV-SOFT', price: 150_000, warrantyDays: 30, kind: 'service' },
        ],
      },
      {
        name: 'Диагностика',
        products: [
          { name: 'Диагностика', sku: 'SRV-DIAG', price: 50_000, warrantyDays: 0, kind: 'service' },
          { name: 'Срочная диагностика (30 минут)', sku: 'SRV-DIAG-FAST', price: 100_000, warrantyDays: 0, kind: 'service' },
        ],
      },
    ],
  },
];

/** The SKUs of the hand-written goods: the demo stock (stock/seed.ts) uses only these, so its story does not change with the range. */
export const demoStockedSkus = new Set(stockedCatalog.flatMap((c) => c.children.flatMap((s) => s.products.map((p) => p.sku))));

/**
 * The rest of a repair chain's range, generated: spare parts, cases and glass for the phone models a
 * shop services, and the repair services for those parts. Models that already have a hand-written
 * item of a kind (e.g. «Дисплей iPhone 13 (OLED)») get no generated twin.
 */
const models: Array<{ name: string; code: string; tier: number }> = [
  ...['7', '8', 'X', 'XR', 'XS', '11', '11 Pro', '12', '12 Pro', '13', '13 Pro', '14', '14 Pro', '15'].map((m, i) => ({ name: `iPhone ${m}`, code: `IP${m.replace(/\s|Pro/g, (x) => (x === 'Pro' ? 'P' : ''))}`, tier: 3 + Math.floor(i / 4) })),
  ...['A12', 'A32', 'A52', 'A53', 'S20', 'S21', 'S22'].map((m) => ({ name: `Samsung Galaxy ${m}`, code: `SG${m}`, tier: m.startsWith('S') ? 4 : 2 })),
  ...['Redmi 9A', 'Redmi Note 9', 'Redmi Note 10 Pro', 'Redmi Note 11', 'Redmi Note 12', 'Poco X3'].map((m) => ({ name: `Xiaomi ${m}`, code: `X${m.replace(/Redmi |Note |Pro|\s/g, (x) => (x === 'Pro' ? 'P' : x === 'Note ' ? 'N' : ''))}`, tier: 1 })),
  ...['10 Lite', 'X8'].map((m) => ({ name: `Honor ${m}`, code: `HN${m.replace(/\s|Lite/g, (x) => (x === 'Lite' ? 'L' : ''))}`, tier: 1 })),
];

const generatedKinds: Array<{ top: string; sub: string; label: string; sku: string; base: number; warranty: number }> = [
  { top: 'Запчасти', sub: 'Дисплеи', label: 'Дисплей', sku: 'DSP', base: 300_000, warranty: 90 },
  { top: 'Запчасти', sub: 'Аккумуляторы', label: 'Аккумулятор', sku: 'BAT', base: 110_000, warranty: 180 },
  { top: 'Запчасти', sub: 'Шлейфы и разъёмы', label: 'Шлейф зарядки', sku: 'FLX', base: 60_000, warranty: 90 },
  { top: 'Запчасти', sub: 'Корпусные детали', label: 'Задняя крышка', sku: 'BCK', base: 70_000, warranty: 30 },
  { top: 'Запчасти', sub: 'Камеры', label: 'Камера основная', sku: 'CAM', base: 150_000, warranty: 90 },
  { top: 'Запчасти', sub: 'Корпусные детали', label: 'Стекло камеры', sku: 'LENS', base: 25_000, warranty: 30 },
  { top: 'Запчасти', sub: 'Динамики и микрофоны', label: 'Динамик слуховой', sku: 'SPK', base: 40_000, warranty: 90 },
  { top: 'Запчасти', sub: 'Динамики и микрофоны', label: 'Микрофон', sku: 'MIC', base: 35_000, warranty: 90 },
  { top: 'Аксессуары', sub: 'Чехлы', label: 'Чехол силиконовый', sku: 'CASE', base: 49_000, warranty: 14 },
  { top: 'Аксессуары', sub: 'Защитные стёкла', label: 'Защитное стекло', sku: 'GLS', base: 39_000, warranty: 0 },
];

const generatedServices: DemoProduct[] = [
  { name: 'Замена шлейфа зарядки', sku: 'SRV-FLX', price: 100_000, warrantyDays: 90, kind: 'service' },
  { name: 'Замена задней крышки', sku: 'SRV-BCK', price: 120_000, warrantyDays: 30, kind: 'service' },
  { name: 'Замена камеры', sku: 'SRV-CAM', price: 120_000, warrantyDays: 90, kind: 'service' },
  { name: 'Замена динамика', sku: 'SRV-SPK', price: 90_000, warrantyDays: 90, kind: 'service' },
];

function withRange(tree: DemoTree): DemoTree {
  const out: DemoTree = tree.map((c) => ({ name: c.name, children: c.children.map((s) => ({ name: s.name, products: [...s.products] })) }));
  const subOf = (top: string, sub: string) => {
    const c = out.find((x) => x.name === top)!;
    let s = c.children.find((x) => x.name === sub);
    if (!s) c.children.push((s = { name: sub, products: [] }));
    return s;
  };
  const skus = new Set(out.flatMap((c) => c.children.flatMap((s) => s.products.map((p) => p.sku))));
  for (const kind of generatedKinds) {
    const sub = subOf(kind.top, kind.sub);
    // Hand-written items of the same kind (same first word) in that sub-category.
    const handWritten = (tree.find((c) => c.name === kind.top)?.children.find((x) => x.name === kind.sub)?.products ?? [])
      .map((p) => p.name)
      .filter((n) => n.startsWith(kind.label.split(' ')[0]));
    for (const m of models) {
      const sku = `${kind.sku}-${m.code.toUpperCase()}`;
      if (skus.has(sku) || handWritten.some((n) => n.includes(`${m.name} `) || n.endsWith(m.name) || n.includes(`${m.name},`))) continue;
      skus.add(sku);
      // Round to 10 ₽: a price list, not a formula.
      const price = Math.round((kind.base * (0.6 + 0.35 * m.tier)) / 1_000) * 1_000;
      sub.products.push({ name: `${kind.label} ${m.name}`, sku, price, warrantyDays: kind.warranty });
    }
  }
  subOf('Услуги', 'Ремонт телефонов').products.push(...generatedServices);
  return out;
}

/** The whole demo tree: the hand-written items and the generated range (about 300). */
export const demoCatalog = withRange(stockedCatalog);

/**
 * The demo catalogue of a phone repair chain: 4 categories with 12 sub-categories, about 310 goods and
 * services with SKUs, EAN-13 barcodes and prices, three serial-tracked phones, minimum stock in each
 * demo location's default warehouse. Only for the demo company (its locations exist, `SEED_DEMO` is
 * not false) and only into an empty catalogue: a company's own catalogue is never touched.
 */
export const catalogDemoSeeder: Seeder = {
  name: 'catalog.demo',
  async run(tx, { config }) {
    if (!config.seedDemo) return;
    const demoLocationRows = await tx
      .select({ id: locations.id })
      .from(locations)
      .where(inArray(locations.name, demoLocations.map((l) => l.name)));
    if (demoLocationRows.length === 0) return;
    const [{ n: categoryCount }] = await tx.select({ n: count() }).from(categories);
    const [{ n: productCount }] = await tx.select({ n: count() }).from(products);
    if (Number(categoryCount) > 0 || Number(productCount) > 0) return;

    const defaultWarehouses = (
      await tx
        .select({ id: warehouses.id, isDefault: warehouses.isDefault })
        .from(warehouses)
        .where(inArray(warehouses.locationId, demoLocationRows.map((l) => l.id)))
    )
      .filter((w) => w.isDefault)
      .map((w) => w.id);

    let barcodeNo = 1;
    let topNo = 0;
    for (const top of demoCatalog) {
      topNo += 1;
      const [parent] = await tx.insert(categories).values({ name: top.name }).returning({ id: categories.id });
      for (const sub of top.children) {
        const [child] = await tx.insert(categories).values({ name: sub.name, parentId: parent.id }).returning({ id: categories.id });
        for (const p of sub.products) {
          const kind = p.kind ?? 'good';
          const [row] = await tx
            .insert(products)
            .values({
              kind,
              name: p.name,
              searchName: normalizeSearchText(p.name),
              sku: p.sku,
              skuKey: normalizeSearchText(p.sku),
              unit: p.unit ?? (kind === 'service' ? 'усл.' : 'шт'),
              price: p.price,
              categoryId: child.id,
              serialTracked: p.serialTracked ?? false,
              warrantyDays: p.warrantyDays,
            })
            .onConflictDoNothing()
            .returning({ id: products.id });
          if (!row) continue;
          const n = p.barcodes ?? (kind === 'good' ? 1 : 0);
          const codes = Array.from({ length: n }, () => demoEan(barcodeNo++));
          if (codes.length) {
            await tx
              .insert(productBarcodes)
              .values(codes.map((barcode, position) => ({ barcode, productId: row.id, position })))
              .onConflictDoNothing();
          }
          // The first two goods of each sub-category get a photo (a drawn tile in the category's colour: cheap).
          if (kind === 'good' && sub.products.indexOf(p) < 2) {
            const image = await demoPhoto(topNo);
            await tx.insert(productImages).values({ productId: row.id, position: 0, ...image });
          }
          if (p.minStock && defaultWarehouses.length) {
            await tx.insert(productMinStock).values(defaultWarehouses.map((warehouseId) => ({ productId: row.id, warehouseId, qty: p.minStock! })));
          }
        }
      }
    }
  },
};

const palette = ['#1d4ed8', '#0f766e', '#b45309', '#7c3aed', '#be123c', '#334155'];
const photoCache = new Map<number, Promise<{ mime: string; size: number; width: number; height: number; data: Buffer; thumbnail: Buffer }>>();

/** A 480×480 PNG of a phone on the category's colour, with its WebP thumbnail: rendered once per colour per process. */
function demoPhoto(n: number) {
  const color = palette[(n - 1) % palette.length];
  if (!photoCache.has(n)) {
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="480" height="480">
      <rect width="480" height="480" fill="${color}"/>
      <circle cx="400" cy="80" r="140" fill="#ffffff" opacity="0.08"/>
      <rect x="150" y="60" width="180" height="360" rx="30" fill="#f8fafc"/>
      <rect x="164" y="92" width="152" height="290" rx="10" fill="${color}" opacity="0.85"/>
      <rect x="210" y="72" width="60" height="8" rx="4" fill="#cbd5e1"/>
      <circle cx="240" cy="400" r="9" fill="#cbd5e1"/>
    </svg>`;
    photoCache.set(
      n,
      (async () => {
        const data = await sharp(Buffer.from(svg)).png({ palette: true }).toBuffer();
        const thumbnail = await sharp(data).resize(320, 320).webp({ quality: 80 }).toBuffer();
        return { mime: 'image/png', size: data.length, width: 480, height: 480, data, thumbnail };
      })(),
    );
  }
  return photoCache.get(n)!;
}
