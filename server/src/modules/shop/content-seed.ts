import { and, asc, count, eq, inArray, isNull } from 'drizzle-orm';
import sharp from 'sharp';
import type { Config } from '../../config';
import type { Tx } from '../../db/client';
import {
  categories,
  locations,
  productImages,
  products,
  shopBrands,
  shopCatalogItems,
  shopCategories,
  shopCategoryLinks,
  shopDeviceTypes,
  shopModelPrices,
  shopModels,
  shopSettings,
  shopSlides,
} from '../../db/schema';
import { demoLocations } from '../../db/seed/demo-data';
import type { Seeder } from '../../lib/module';
import { processImage } from '../location/images';
import * as repo from './content-repository';
import { todayIn } from './content-service';

const palette = ['#1d4ed8', '#0f766e', '#b45309', '#7c3aed', '#be123c', '#334155', '#0369a1', '#15803d'];

/** A plain coloured PNG (a lighter band across it), stored through the upload pipeline: answers its id. */
async function demoImage(tx: Tx, config: Config, n: number, width: number, height: number): Promise<string> {
  const color = palette[n % palette.length];
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <rect width="${width}" height="${height}" fill="${color}"/>
    <rect y="${Math.round(height * 0.62)}" width="${width}" height="${Math.round(height * 0.18)}" fill="#ffffff" opacity="0.18"/>
    <circle cx="${Math.round(width * 0.8)}" cy="${Math.round(height * 0.25)}" r="${Math.round(Math.min(width, height) * 0.3)}" fill="#ffffff" opacity="0.1"/>
  </svg>`;
  const png = await sharp(Buffer.from(svg)).png({ palette: true }).toBuffer();
  const image = await processImage(png, config.images);
  return (await repo.insertImage(tx, image)).id;
}

type Price = [service: string, price: number, from?: boolean, minutes?: number];
/** Repair price lists by type; a model's tier (1 cheap … 3 flagship) scales the prices. */
const priceLists: Record<string, (tier: number) => Price[]> = {
  Смартфон: (t) => [
    ['Диагностика', 0, false, 30],
    ['Замена дисплея', [0, 350_000, 650_000, 1_490_000][t], false, 60],
    ['Замена аккумулятора', [0, 150_000, 250_000, 390_000][t], false, 40],
    ['Замена разъёма зарядки', [0, 120_000, 150_000, 250_000][t], true, 60],
    ['Замена заднего стекла', [0, 150_000, 250_000, 490_000][t], true, 120],
    ['Замена камеры', [0, 180_000, 290_000, 590_000][t], true, 60],
    ['Чистка после попадания влаги', 150_000, true, 180],
  ],
  Планшет: (t) => [
    ['Диагностика', 0, false, 30],
    ['Замена стекла (тачскрина)', [0, 290_000, 450_000, 890_000][t], true, 120],
    ['Замена дисплея', [0, 490_000, 890_000, 1_990_000][t], false, 120],
    ['Замена аккумулятора', [0, 220_000, 350_000, 590_000][t], false, 90],
    ['Замена разъёма зарядки', [0, 150_000, 190_000, 290_000][t], true, 90],
  ],
  Ноутбук: (t) => [
    ['Диагностика', 0, false, 60],
    ['Чистка от пыли и замена термопасты', [0, 190_000, 250_000, 390_000][t], false, 120],
    ['Замена матрицы', [0, 590_000, 890_000, 2_490_000][t], true, 180],
    ['Замена клавиатуры', [0, 250_000, 390_000, 890_000][t], true, 120],
    ['Замена аккумулятора', [0, 290_000, 450_000, 790_000][t], false, 60],
    ['Ремонт цепи питания', 350_000, true, 1440],
  ],
};

/** [type, brand, model, tier]: 40 models of the usual brands. */
const demoModels: Array<[string, string, string, number]> = [
  ['Смартфон', 'Apple', 'iPhone 11', 2],
  ['Смартфон', 'Apple', 'iPhone 12', 2],
  ['Смартфон', 'Apple', 'iPhone 13', 3],
  ['Смартфон', 'Apple', 'iPhone 14', 3],
  ['Смартфон', 'Apple', 'iPhone 14 Pro', 3],
  ['Смартфон', 'Apple', 'iPhone 15', 3],
  ['Смартфон', 'Apple', 'iPhone SE (2020)', 1],
  ['Смартфон', 'Samsung', 'Galaxy A32', 1],
  ['Смартфон', 'Samsung', 'Galaxy A52', 2],
  ['Смартфон', 'Samsung', 'Galaxy A54', 2],
  ['Смартфон', 'Samsung', 'Galaxy S21', 3],
  ['Смартфон', 'Samsung', 'Galaxy S22', 3],
  ['Смартфон', 'Samsung', 'Galaxy S23', 3],
  ['Смартфон', 'Xiaomi', 'Redmi 9A', 1],
  ['Смартфон', 'Xiaomi', 'Redmi Note 10 Pro', 1],
  ['Смартфон', 'Xiaomi', 'Redmi Note 12', 1],
  ['Смартфон', 'Xiaomi', 'Poco X5', 2],
  ['Смартфон', 'Huawei', 'P40 Lite', 1],
  ['Смартфон', 'Huawei', 'Nova 9', 2],
  ['Смартфон', 'Honor', '50', 2],
  ['Смартфон', 'Honor', 'X8', 1],
  ['Планшет', 'Apple', 'iPad 9', 2],
  ['Планшет', 'Apple', 'iPad Air 4', 2],
  ['Планшет', 'Apple', 'iPad Pro 11 (2021)', 3],
  ['Планшет', 'Samsung', 'Galaxy Tab A8', 1],
  ['Планшет', 'Samsung', 'Galaxy Tab S7', 2],
  ['Планшет', 'Xiaomi', 'Pad 5', 2],
  ['Планшет', 'Huawei', 'MatePad 11', 2],
  ['Планшет', 'Lenovo', 'Tab M10', 1],
  ['Ноутбук', 'Apple', 'MacBook Air M1', 3],
  ['Ноутбук', 'Apple', 'MacBook Air M2', 3],
  ['Ноутбук', 'Apple', 'MacBook Pro 14', 3],
  ['Ноутбук', 'ASUS', 'VivoBook 15', 1],
  ['Ноутбук', 'ASUS', 'ZenBook 14', 2],
  ['Ноутбук', 'HP', 'Pavilion 15', 1],
  ['Ноутбук', 'Acer', 'Aspire 5', 1],
  ['Ноутбук', 'Lenovo', 'IdeaPad 3', 1],
  ['Ноутбук', 'Lenovo', 'ThinkPad E14', 2],
  ['Ноутбук', 'Huawei', 'MateBook D15', 2],
  ['Ноутбук', 'Honor', 'MagicBook 14', 2],
];

/** Storefront categories and the catalogue sub-categories each links. */
const demoCategories: Array<[name: string, slug: string, catalog: string[]]> = [
  ['Смартфоны', 'smartfony', ['Смартфоны']],
  ['Дисплеи', 'displei', ['Дисплеи']],
  ['Аккумуляторы', 'akkumulyatory', ['Аккумуляторы']],
  ['Чехлы', 'chehly', ['Чехлы']],
  ['Защитные стёкла', 'zashchitnye-stekla', ['Защитные стёкла']],
  ['Зарядки и кабели', 'zaryadki-i-kabeli', ['Зарядные устройства и кабели']],
];

const ITEMS = 60;

/**
 * The online shop's demo content (SEED_DEMO only, after the catalogue and stock seeders; skipped when the
 * demo shops are missing or any content exists): ~60 catalogue items from the demo goods (every seventh
 * with its own price, every twelfth unpublished), phones, tablets and laptops of the usual brands with 40
 * models and their repair prices («от» and exact), 4 slides (one scheduled for next month, so the site shows
 * 3), 6 storefront categories linked to the catalogue's, and the settings (every demo shop takes requests,
 * `http://localhost:3000` may call the API). Images are plain coloured PNGs stored through the upload pipeline.
 */
export const shopContentDemoSeeder: Seeder = {
  name: 'shop.content-demo',
  async run(tx, { config }) {
    if (!config.seedDemo) return;
    const locs = await tx.select({ id: locations.id, name: locations.name }).from(locations).where(inArray(locations.name, demoLocations.map((l) => l.name)));
    if (!locs.length) return;
    const [{ n: items }] = await tx.select({ n: count() }).from(shopCatalogItems);
    const [{ n: types }] = await tx.select({ n: count() }).from(shopDeviceTypes);
    if (Number(items) > 0 || Number(types) > 0) return;
    locs.sort((a, b) => demoLocations.findIndex((l) => l.name === a.name) - demoLocations.findIndex((l) => l.name === b.name));

    const tiles = await Promise.all(palette.map((_, i) => demoImage(tx, config, i, 320, 320)));

    // Catalogue items: goods of the linked sub-categories first, then other goods, round-robin by category.
    const goods = await tx
      .select({ id: products.id, name: products.name, sku: products.sku, price: products.price, categoryName: categories.name })
      .from(products)
      .leftJoin(categories, eq(categories.id, products.categoryId))
      .where(and(eq(products.kind, 'good'), isNull(products.archivedAt)))
      .orderBy(asc(products.sku), asc(products.id));
    const linked = new Set(demoCategories.flatMap((c) => c[2]));
    const byCategory = new Map<string, typeof goods>();
    for (const g of goods) {
      const key = g.categoryName ?? '';
      if (!byCategory.has(key)) byCategory.set(key, []);
      byCategory.get(key)!.push(g);
    }
    const queues = [...byCategory].sort(([a], [b]) => Number(linked.has(b)) - Number(linked.has(a))).map(([, list]) => list);
    const picked: typeof goods = [];
    for (let round = 0; picked.length < ITEMS && queues.some((q) => q.length > round); round += 1) {
      for (const q of queues) if (q[round] && picked.length < ITEMS) picked.push(q[round]);
    }
    const withPhotos = new Set(
      picked.length
        ? (await tx.selectDistinct({ id: productImages.productId }).from(productImages).where(inArray(productImages.productId, picked.map((p) => p.id)))).map((r) => r.id)
        : [],
    );
    let position = 0;
    for (const p of picked) {
      position += 1;
      const imageIds = withPhotos.has(p.id) ? await repo.copyProductImages(tx, p.id, 3) : [tiles[position % tiles.length]];
      const override = position % 7 === 0 && p.price > 0 ? Math.round((p.price * 0.9) / 1000) * 1000 : null;
      await tx.insert(shopCatalogItems).values({
        productId: p.id,
        title: p.name,
        description: `<p>${p.name}. Гарантия и установка в наших сервисных центрах.</p><ul><li>Проверен перед продажей</li><li>Оплата при получении</li></ul>`,
        searchText: repo.catalogSearchTextOf(p.name, p.name, p.sku),
        imageIds,
        priceOverride: override,
        published: position % 12 !== 0,
        position,
      });
    }

    // Devices: types, brands, models and their price lists.
    const typeIds = new Map<string, string>();
    const brandIds = new Map<string, string>();
    for (const [i, name] of ['Смартфон', 'Планшет', 'Ноутбук'].entries()) {
      const [row] = await tx.insert(shopDeviceTypes).values({ name, nameKey: repo.normalize(name), imageId: tiles[i], position: i + 1 }).returning({ id: shopDeviceTypes.id });
      typeIds.set(name, row.id);
    }
    for (const [i, name] of [...new Set(demoModels.map((m) => m[1]))].entries()) {
      const [row] = await tx.insert(shopBrands).values({ name, nameKey: repo.normalize(name), position: i + 1 }).returning({ id: shopBrands.id });
      brandIds.set(name, row.id);
    }
    const positions = new Map<string, number>();
    for (const [type, brand, name, tier] of demoModels) {
      const pair = `${type}/${brand}`;
      positions.set(pair, (positions.get(pair) ?? 0) + 1);
      const [model] = await tx
        .insert(shopModels)
        .values({ typeId: typeIds.get(type)!, brandId: brandIds.get(brand)!, name, nameKey: repo.normalize(name), position: positions.get(pair)! })
        .returning({ id: shopModels.id });
      await tx.insert(shopModelPrices).values(priceLists[type](tier).map(([service, price, from, minutes], i) => ({ modelId: model.id, service, price, priceFrom: from ?? false, minutes: minutes ?? null, position: i })));
    }

    // Slides: three shown now, one scheduled for next month.
    const today = todayIn('Europe/Moscow');
    const shift = (days: number) => new Date(Date.parse(`${today}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
    const slides = [
      { title: 'Ремонт телефонов за 30 минут', text: 'Замена дисплея и аккумулятора при вас, гарантия до 6 месяцев.', buttonText: 'Узнать цену', link: '/repair' },
      { title: 'Скидка 10% на защитные стёкла', text: 'При замене дисплея — наклейка стекла в подарок.', buttonText: 'В каталог', link: '/catalog/zashchitnye-stekla', activeFrom: shift(-7), activeTo: shift(30) },
      { title: 'Восстановленные смартфоны с гарантией', text: 'Проверены нашими инженерами, гарантия 1 год.', buttonText: 'Выбрать', link: '/catalog/smartfony' },
      { title: 'Новогодняя распродажа аксессуаров', text: 'Чехлы и зарядки со скидкой до 30%.', buttonText: 'Смотреть', link: '/catalog/chehly', activeFrom: shift(30), activeTo: shift(60) },
    ];
    for (const [i, s] of slides.entries()) {
      const imageId = await demoImage(tx, config, i + 3, 1200, 400);
      await tx.insert(shopSlides).values({ ...s, imageId, position: i + 1 });
    }

    // Storefront categories linked to the catalogue's sub-categories.
    const catalogCats = await tx.select({ id: categories.id, name: categories.name }).from(categories);
    for (const [i, [name, slug, linkedNames]] of demoCategories.entries()) {
      const [row] = await tx.insert(shopCategories).values({ name, slug, imageId: tiles[(i + 2) % tiles.length], position: i + 1 }).returning({ id: shopCategories.id });
      const ids = catalogCats.filter((c) => linkedNames.includes(c.name)).map((c) => c.id);
      if (ids.length) await tx.insert(shopCategoryLinks).values(ids.map((categoryId) => ({ shopCategoryId: row.id, categoryId })));
    }

    await tx
      .insert(shopSettings)
      .values({
        id: 1,
        siteName: 'Сервис+',
        phone: '+74951203456',
        requestLocationIds: locs.map((l) => l.id),
        allowedOrigins: ['http://localhost:3000'],
        requestsOpen: true,
        timezone: 'Europe/Moscow',
      })
      .onConflictDoNothing();
  },
};
