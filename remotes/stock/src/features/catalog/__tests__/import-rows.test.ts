import { mapImportRows, priceCell } from '../import-rows';

describe('price-list rows', () => {
  it('maps Russian headers in any order and case, skipping a title line and empty rows', () => {
    const sheet = [
      ['Прайс-лист поставщика', null, null],
      ['Артикул', 'НАИМЕНОВАНИЕ', 'Цена, ₽', 'Штрихкоды', 'Категория', 'Подкатегория', 'Серийный учёт', 'Гарантия, дней', 'Вид'],
      ['DSP-1', 'Дисплей', '1 234,50', '4600000000017; 4600000000024', 'Запчасти', 'Дисплеи', 'да', 90, 'Товар'],
      [null, null, null],
      ['', 'Замена дисплея', 1500, null, 'Услуги', null, 'нет', '30 дней', 'Услуга'],
    ];
    const { rows, lines, missing } = mapImportRows(sheet);
    expect(missing).toBeNull();
    expect(lines).toEqual([3, 5]);
    expect(rows).toEqual([
      { sku: 'DSP-1', name: 'Дисплей', price: 123450, barcodes: ['4600000000017', '4600000000024'], category: 'Запчасти', subcategory: 'Дисплеи', serialTracked: true, warrantyDays: 90, kind: 'Товар' },
      { name: 'Замена дисплея', price: 150000, category: 'Услуги', serialTracked: false, warrantyDays: 30, kind: 'Услуга' },
    ]);
  });

  it('says what is missing when there is no name column', () => {
    expect(mapImportRows([['Артикул', 'Цена']]).missing).toBe('В файле нет строки заголовков со столбцом «Название»');
  });

  it('reads roubles to kopecks and marks what is not an amount', () => {
    expect(priceCell(99.99)).toBe(9999);
    expect(priceCell('1 000')).toBe(100000);
    expect(priceCell('12,5 руб.')).toBe(1250);
    expect(priceCell('договорная')).toBe(-1);
    expect(priceCell('')).toBeUndefined();
  });
});
