import {
  categoryNotEmptyMessage,
  createCategoryRequestSchema,
  createProductRequestSchema,
  fromRussianLayout,
  normalizeSearchText,
  plural,
  updateProductRequestSchema,
} from '../catalog';

describe('catalogue contracts', () => {
  it('pluralises Russian counts', () => {
    const forms = ['товар', 'товара', 'товаров'] as const;
    expect([0, 1, 2, 4, 5, 11, 12, 14, 21, 22, 25, 101, 111, 112].map((n) => `${n} ${plural(n, forms)}`)).toEqual([
      '0 товаров',
      '1 товар',
      '2 товара',
      '4 товара',
      '5 товаров',
      '11 товаров',
      '12 товаров',
      '14 товаров',
      '21 товар',
      '22 товара',
      '25 товаров',
      '101 товар',
      '111 товаров',
      '112 товаров',
    ]);
  });

  it('names goods and services in the delete refusal', () => {
    expect(categoryNotEmptyMessage('Услуги', { goods: 0, services: 5, inSubcategories: false })).toBe(
      'Категорию «Услуги» нельзя удалить: в ней 5 услуг. Перенесите их в другую категорию или удалите',
    );
    expect(categoryNotEmptyMessage('Запчасти', { goods: 1, services: 2, inSubcategories: true })).toBe(
      'Категорию «Запчасти» нельзя удалить: в ней и её подкатегориях 1 товар и 2 услуги. Перенесите их в другую категорию или удалите',
    );
  });

  it('maps the Russian keyboard layout to the Latin one, letters only', () => {
    expect(fromRussianLayout('ифе-шз13')).toBe('bat-ip13');
    expect(fromRussianLayout('ЫФЬЫГТП Ф52')).toBe('SAMSUNG A52');
    expect(fromRussianLayout('4601234567890')).toBe('4601234567890');
  });

  it('normalises search text: lower case, ё as е, spaces collapsed', () => {
    expect(normalizeSearchText('  Чехол   ЧЁРНЫЙ ')).toBe('чехол черный');
  });

  it('fills the defaults of a new product and drops repeated barcodes', () => {
    expect(createProductRequestSchema.parse({ name: ' Диагностика ', kind: 'service' })).toEqual({
      name: 'Диагностика',
      kind: 'service',
      sku: null,
      barcodes: [],
      unit: 'шт',
      price: 0,
      categoryId: null,
      serialTracked: false,
      warrantyDays: 0,
      minStock: [],
      description: null,
    });
    expect(createProductRequestSchema.parse({ name: 'Кабель', barcodes: ['A1', 'B2', 'A1'] }).barcodes).toEqual(['A1', 'B2']);
    expect(createCategoryRequestSchema.parse({ name: 'Запчасти' })).toEqual({ name: 'Запчасти', parentId: null });
  });

  it('keeps an update to the fields sent (no defaults sneak in)', () => {
    expect(updateProductRequestSchema.parse({ price: 100 })).toEqual({ price: 100 });
    expect(updateProductRequestSchema.safeParse({}).success).toBe(false);
  });
});
