import type { ShopBrand, ShopCatalogItem, ShopCategory, ShopDeviceType, ShopImage, ShopModel, ShopSlide } from '@repo/contracts';

export const ids = {
  item1: '0b0e0c1a-1111-4111-8111-111111111111',
  item2: '0b0e0c1a-2222-4222-8222-222222222222',
  item3: '0b0e0c1a-3333-4333-8333-333333333333',
  product: '0b0e0c1a-4444-4444-8444-444444444444',
  cat: '0b0e0c1a-5555-4555-8555-555555555555',
  type: '0b0e0c1a-6666-4666-8666-666666666666',
  brand: '0b0e0c1a-7777-4777-8777-777777777777',
  model: '0b0e0c1a-8888-4888-8888-888888888888',
};

export const image = (id = 'img1'): ShopImage => ({ id, url: `/api/public/images/${id}`, thumbnailUrl: `/api/public/images/${id}/thumbnail`, width: 800, height: 600 });

export const catalogItem = (over: Partial<ShopCatalogItem> = {}): ShopCatalogItem => ({
  id: ids.item1,
  productId: ids.product,
  productName: 'Чехол iPhone 13 силиконовый',
  sku: 'CASE-13',
  categoryId: ids.cat,
  categoryName: 'Аксессуары',
  title: 'Чехол для iPhone 13',
  description: '<p>Мягкий <b>силикон</b></p>',
  images: [image()],
  price: 99000,
  priceOverride: null,
  retailPrice: 99000,
  published: true,
  position: 1,
  archived: false,
  inStock: true,
  createdAt: '2026-11-20T10:00:00.000Z',
  updatedAt: '2026-11-20T10:00:00.000Z',
  ...over,
});

export const page = <T>(items: T[]) => ({ items, total: items.length, page: 1, pageSize: 50 });

export const deviceType = (over: Partial<ShopDeviceType> = {}): ShopDeviceType => ({ id: ids.type, name: 'Смартфоны', image: null, position: 1, published: true, modelCount: 3, ...over });
export const brand = (over: Partial<ShopBrand> = {}): ShopBrand => ({ id: ids.brand, name: 'Apple', image: null, position: 1, published: true, modelCount: 3, ...over });
export const model = (over: Partial<ShopModel> = {}): ShopModel => ({
  id: ids.model,
  typeId: ids.type,
  typeName: 'Смартфоны',
  brandId: ids.brand,
  brandName: 'Apple',
  name: 'iPhone 13',
  image: null,
  position: 1,
  published: true,
  priceCount: 2,
  minPrice: 150000,
  ...over,
});

export const slide = (over: Partial<ShopSlide> = {}): ShopSlide => ({
  id: ids.item1,
  title: 'Ремонт за 1 день',
  text: 'Замена экрана при вас',
  buttonText: 'Записаться',
  link: '/repair',
  imageId: null,
  image: null,
  activeFrom: null,
  activeTo: null,
  position: 1,
  published: true,
  active: true,
  createdAt: '2026-11-20T10:00:00.000Z',
  updatedAt: '2026-11-20T10:00:00.000Z',
  ...over,
});

export const shopCategory = (over: Partial<ShopCategory> = {}): ShopCategory => ({
  id: ids.item1,
  name: 'Смартфоны',
  slug: 'smartfony',
  imageId: null,
  image: null,
  position: 1,
  published: true,
  catalogCategoryIds: [],
  catalogCategories: [],
  itemCount: 0,
  ...over,
});

export const contentRules = ['view:shop_content:all', 'create:shop_content:all', 'edit:shop_content:all', 'delete:shop_content:all'];

/** A promise the test resolves when it wants the fake server to answer. */
export function deferred() {
  let resolve!: (v: unknown) => void;
  const promise = new Promise((r) => (resolve = r));
  return { promise, resolve };
}
