import type { PaperFormat, TemplateKind } from '@repo/contracts';

/**
 * The documents every company starts with (seed.ts writes them, «Восстановить по умолчанию» brings a
 * body back). Liquid with the variables of `templateVariables` (@repo/contracts); money is in kopecks
 * (`rub`, `words`), dates are ISO (`ru_date`, `ru_datetime`, Moscow time). The body is stored sanitised
 * (sanitize.ts), so write plain document markup: no scripts, no external resources.
 */
export interface BuiltInTemplate {
  key: string;
  name: string;
  kind: TemplateKind;
  paper: PaperFormat;
  body: string;
}

const receiptStyle = `<style>
  .doc { font-family: Arial, Helvetica, sans-serif; font-size: 11px; line-height: 1.35; color: #000; }
  .doc h1 { font-size: 14px; margin: 4px 0 0; text-align: center; }
  .doc p { margin: 3px 0; }
  .center { text-align: center; }
  .muted { color: #444; }
  .small { font-size: 9px; }
  .line { border-top: 1px dashed #000; margin: 6px 0; }
  .lines { width: 100%; border-collapse: collapse; }
  .lines td { padding: 1px 0; vertical-align: top; }
  .lines .sum { text-align: right; white-space: nowrap; padding-left: 4px; }
  .total { font-size: 13px; font-weight: bold; }
  .sign { margin-top: 14px; }
</style>`;

const orderReceipt = `${receiptStyle}
<div class="doc">
  <div class="center">
    <strong>{{ company.name }}</strong>{% if company.inn %}<br />{{ company.legal_name }} ИНН {{ company.inn }}{% endif %}<br />{{ location.name }}{% if location.address %}<br />{{ location.address }}{% endif %}{% if location.phone %}<br />Тел.: {{ location.phone }}{% endif %}
  </div>
  <div class="line"></div>
  <h1>Квитанция № {{ order.number }}</h1>
  <p class="center">о приёме устройства в ремонт<br /><span class="muted">от {{ order.created_at | ru_datetime }}</span></p>
  {% if order.urgent %}<p class="center"><strong>СРОЧНЫЙ РЕМОНТ</strong></p>{% endif %}
  {% if order.warranty_of %}<p class="center">Гарантийный ремонт по заказу № {{ order.warranty_of }}</p>{% endif %}
  <div class="line"></div>
  <p><strong>Клиент:</strong> {{ client.name }}{% if client.phone %}, {{ client.phone }}{% endif %}</p>
  <p><strong>Устройство:</strong> {{ device.type }} {{ device.brand }} {{ device.model }}</p>
  {% if device.imei %}<p><strong>IMEI:</strong> {{ device.imei }}</p>{% endif %}
  {% if device.serial %}<p><strong>Серийный номер:</strong> {{ device.serial }}</p>{% endif %}
  <p><strong>Неисправность со слов клиента:</strong> {{ order.malfunction }}</p>
  {% if device.appearance %}<p><strong>Внешний вид:</strong> {{ device.appearance }}</p>{% endif %}
  {% if device.kit %}<p><strong>Комплектация:</strong> {{ device.kit }}</p>{% endif %}
  <div class="line"></div>
  {% if order.estimate %}<p><strong>Ориентировочная стоимость:</strong> {{ order.estimate | rub }}</p>{% endif %}
  {% if order.due_at %}<p><strong>Срок готовности:</strong> до {{ order.due_at | ru_date }}</p>{% endif %}
  {% if totals.paid > 0 %}<p><strong>Внесена предоплата:</strong> {{ totals.paid | rub }}</p>{% endif %}
  <div class="line"></div>
  <p class="small">Диагностика — до 3 рабочих дней. Стоимость и сроки ремонта согласовываются с клиентом до начала работ; без согласия клиента платные работы не выполняются.</p>
  <p class="small">Сервис не отвечает за сохранность данных на устройстве, а также за SIM-карты, карты памяти и чехлы, не указанные в комплектации.</p>
  <p class="small">Устройство выдаётся по этой квитанции. Если устройство не забрано в течение 30 дней после сообщения о готовности, сервис вправе взимать плату за хранение.</p>
  <p class="sign">Принял: {{ employee.name }} ____________</p>
  <p class="sign">С условиями согласен: ____________ / {{ client.name }} /</p>
  <p class="center small muted">Распечатано {{ now | ru_datetime }}</p>
</div>
`;

const a4Style = `<style>
  .doc { font-family: "Times New Roman", Times, serif; font-size: 12pt; line-height: 1.3; color: #000; }
  .doc h1 { font-size: 15pt; text-align: center; margin: 0 0 4mm; }
  .doc h2 { font-size: 12pt; margin: 5mm 0 2mm; }
  .doc p { margin: 1.5mm 0; }
  .head { display: flex; justify-content: space-between; gap: 10mm; margin-bottom: 6mm; }
  .muted { color: #333; }
  .small { font-size: 10pt; }
  table.grid { width: 100%; border-collapse: collapse; margin: 2mm 0; }
  table.grid th, table.grid td { border: 1px solid #000; padding: 1.2mm 2mm; vertical-align: top; }
  table.grid th { background: #eee; font-weight: bold; text-align: center; }
  .num { text-align: right; white-space: nowrap; }
  .c { text-align: center; }
  table.totals { margin-left: auto; border-collapse: collapse; margin-top: 2mm; }
  table.totals td { padding: 0.8mm 2mm; }
  .signs { display: flex; justify-content: space-between; gap: 15mm; margin-top: 12mm; }
  .signs div { flex: 1; }
  .stamp { margin-top: 6mm; }
</style>`;

const parties = `<div class="head">
    <div>
      <strong>Исполнитель:</strong> {{ company.name }}{% if company.legal_name %} ({{ company.legal_name }}){% endif %}{% if company.inn %}<br />ИНН {{ company.inn }}{% if company.kpp %}, КПП {{ company.kpp }}{% endif %}{% if company.ogrn %}, ОГРН {{ company.ogrn }}{% endif %}{% endif %}{% if company.account %}<br />Р/с {{ company.account }} в {{ company.bank_name }}, БИК {{ company.bik }}{% if company.corr_account %}, к/с {{ company.corr_account }}{% endif %}{% endif %}<br />{{ location.name }}{% if location.address %}, {{ location.address }}{% endif %}{% if location.phone %}<br />Тел.: {{ location.phone }}{% endif %}
    </div>
    <div>
      <strong>Заказчик:</strong> {{ client.name }}{% if client.phone %}<br />Тел.: {{ client.phone }}{% endif %}
    </div>
  </div>
  <p><strong>Устройство:</strong> {{ device.type }} {{ device.brand }} {{ device.model }}{% if device.imei %}, IMEI {{ device.imei }}{% endif %}{% if device.serial %}, S/N {{ device.serial }}{% endif %}</p>`;

const orderAct = `${a4Style}
<div class="doc">
  <h1>Акт выполненных работ № {{ order.number }}<br /><span class="small muted">от {% if order.issued_at %}{{ order.issued_at | ru_date }}{% else %}{{ now | ru_date }}{% endif %}</span></h1>
  ${parties}
  <p><strong>Заявленная неисправность:</strong> {{ order.malfunction }}</p>
  {% if works.size > 0 %}
  <h2>Выполненные работы</h2>
  <table class="grid">
    <thead><tr><th>№</th><th>Наименование работы</th><th>Кол-во</th><th>Цена</th><th>Сумма</th><th>Гарантия</th></tr></thead>
    <tbody>
      {% for w in works %}<tr><td class="c">{{ forloop.index }}</td><td>{{ w.name }}</td><td class="c">{{ w.qty }}</td><td class="num">{{ w.price | rub }}</td><td class="num">{{ w.amount | rub }}</td><td class="c">{% if w.warranty_days > 0 %}{{ w.warranty_days }} дн.{% else %}—{% endif %}</td></tr>{% endfor %}
    </tbody>
  </table>
  {% endif %}
  {% if parts.size > 0 %}
  <h2>Установленные запчасти</h2>
  <table class="grid">
    <thead><tr><th>№</th><th>Наименование</th><th>Кол-во</th><th>Цена</th><th>Сумма</th><th>Гарантия</th></tr></thead>
    <tbody>
      {% for p in parts %}<tr><td class="c">{{ forloop.index }}</td><td>{{ p.name }}{% if p.serial %}<br /><span class="small">S/N {{ p.serial }}</span>{% endif %}</td><td class="c">{{ p.qty }}</td><td class="num">{{ p.price | rub }}</td><td class="num">{{ p.amount | rub }}</td><td class="c">{% if p.warranty_days > 0 %}{{ p.warranty_days }} дн.{% else %}—{% endif %}</td></tr>{% endfor %}
    </tbody>
  </table>
  {% endif %}
  <table class="totals">
    <tbody>
      <tr><td>Работы:</td><td class="num">{{ totals.works | rub }}</td></tr>
      <tr><td>Запчасти:</td><td class="num">{{ totals.parts | rub }}</td></tr>
      <tr><td><strong>Итого:</strong></td><td class="num"><strong>{{ totals.total | rub }}</strong></td></tr>
      <tr><td>Оплачено:</td><td class="num">{{ totals.paid | rub }}</td></tr>
      {% if totals.due > 0 %}<tr><td><strong>К оплате:</strong></td><td class="num"><strong>{{ totals.due | rub }}</strong></td></tr>{% endif %}
    </tbody>
  </table>
  <p>Всего оказано услуг на сумму: <strong>{{ totals.total_words }}</strong>.</p>
  <p>Вышеперечисленные работы выполнены полностью и в срок. Заказчик претензий по объёму, качеству и срокам оказания услуг не имеет. Устройство получено, проверено в присутствии исполнителя.</p>
  <div class="signs">
    <div>Исполнитель: ____________ / {{ employee.name }} /<p class="stamp small muted">М. П.</p></div>
    <div>Заказчик: ____________ / {{ client.name }} /</div>
  </div>
</div>
`;

const warrantyCard = `${a4Style}
<div class="doc">
  <h1>Гарантийный талон к заказу № {{ order.number }}<br /><span class="small muted">от {% if order.issued_at %}{{ order.issued_at | ru_date }}{% else %}{{ now | ru_date }}{% endif %}</span></h1>
  ${parties}
  <h2>На что действует гарантия</h2>
  <table class="grid">
    <thead><tr><th>Работа или запчасть</th><th>Гарантия</th></tr></thead>
    <tbody>
      {% for w in works %}<tr><td>{{ w.name }}</td><td class="c">{% if w.warranty_days > 0 %}{{ w.warranty_days }} дн.{% else %}без гарантии{% endif %}</td></tr>{% endfor %}
      {% for p in parts %}<tr><td>{{ p.name }}{% if p.serial %} (S/N {{ p.serial }}){% endif %}</td><td class="c">{% if p.warranty_days > 0 %}{{ p.warranty_days }} дн.{% else %}без гарантии{% endif %}</td></tr>{% endfor %}
    </tbody>
  </table>
  {% if order.warranty_until %}<p><strong>Гарантия действует до {{ order.warranty_until | ru_date }}</strong> (срок считается со дня выдачи устройства).</p>{% else %}<p>Срок гарантии считается со дня выдачи устройства.</p>{% endif %}
  <h2>Условия гарантии</h2>
  <ol class="small">
    <li>Гарантия распространяется только на выполненные работы и установленные запчасти, перечисленные в талоне.</li>
    <li>Гарантийный ремонт выполняется бесплатно при предъявлении этого талона и устройства с сохранными гарантийными пломбами.</li>
    <li>Гарантия не действует при механических повреждениях, следах влаги или коррозии, вскрытии и ремонте устройства другими лицами, а также при нарушении правил эксплуатации.</li>
    <li>Срок гарантийного ремонта — до 14 дней со дня обращения; при необходимости заказа запчасти — до 45 дней.</li>
    <li>Гарантия не распространяется на программное обеспечение и данные пользователя.</li>
  </ol>
  <div class="signs">
    <div>Исполнитель: ____________ / {{ employee.name }} /<p class="stamp small muted">М. П.</p></div>
    <div>С условиями гарантии ознакомлен: ____________ / {{ client.name }} /</div>
  </div>
</div>
`;

const saleReceipt = `${receiptStyle}
<div class="doc">
  <div class="center">
    <strong>{{ company.name }}</strong>{% if company.inn %}<br />{{ company.legal_name }} ИНН {{ company.inn }}{% endif %}<br />{{ location.name }}{% if location.address %}<br />{{ location.address }}{% endif %}{% if location.phone %}<br />Тел.: {{ location.phone }}{% endif %}
  </div>
  <div class="line"></div>
  <h1>Товарный чек № {{ sale.number }}</h1>
  <p class="center muted">от {{ sale.at | ru_datetime }}</p>
  {% if client.name %}<p>Покупатель: {{ client.name }}</p>{% endif %}
  <div class="line"></div>
  <table class="lines">
    <tbody>
      {% for line in lines %}<tr><td colspan="2">{{ forloop.index }}. {{ line.name }}</td></tr><tr><td class="muted">{{ line.qty }} × {{ line.price | rub }}</td><td class="sum">{{ line.amount | rub }}</td></tr>{% endfor %}
    </tbody>
  </table>
  <div class="line"></div>
  <table class="lines">
    <tbody>
      <tr class="total"><td>ИТОГО</td><td class="sum">{{ totals.total | rub }}</td></tr>
      {% for p in payments %}<tr><td class="muted">{{ p.method }}</td><td class="sum">{{ p.amount | rub }}</td></tr>{% endfor %}
    </tbody>
  </table>
  <p class="small">Сумма прописью: {{ totals.total_words }}</p>
  <div class="line"></div>
  <p>Продавец: {{ employee.name }} ____________</p>
  <p class="center small">Спасибо за покупку! Товар надлежащего качества можно вернуть или обменять в течение 14 дней при сохранении товарного вида и чека.</p>
</div>
`;

const priceLabel = `<style>
  html, body { height: auto; overflow: visible; }
  .label { box-sizing: border-box; width: 58mm; height: 40mm; padding: 1.5mm 2mm; overflow: hidden; page-break-after: always; break-after: page; font-family: Arial, Helvetica, sans-serif; color: #000; display: flex; flex-direction: column; }
  .label:last-child { page-break-after: auto; break-after: auto; }
  .name { font-size: 9pt; font-weight: bold; line-height: 1.15; max-height: 2.3em; overflow: hidden; }
  .price { font-size: 17pt; font-weight: bold; margin: 0.5mm 0; white-space: nowrap; }
  .barcode { flex: 1; min-height: 0; }
  .barcode svg { display: block; width: 100%; height: 100%; max-height: 15mm; }
  .foot { display: flex; justify-content: space-between; font-size: 6.5pt; color: #333; }
</style>
{% for p in products %}<div class="label">
  <div class="name">{{ p.name }}</div>
  <div class="price">{{ p.price | rub }}</div>
  <div class="barcode">{{ p.barcode_svg }}</div>
  <div class="foot"><span>{% if p.sku %}Арт. {{ p.sku }}{% endif %}</span><span>{{ company.name }} · {{ now | ru_date }}</span></div>
</div>{% endfor %}
`;

const purchaseOrder = `${a4Style}
<div class="doc">
  <h1>Заказ поставщику № {{ purchase.number }}<br /><span class="small muted">от {% if purchase.ordered_at %}{{ purchase.ordered_at | ru_date }}{% else %}{{ purchase.created_at | ru_date }}{% endif %}</span></h1>
  <div class="head">
    <div>
      <strong>Поставщик:</strong> {{ supplier.name }}{% if supplier.inn %}<br />ИНН {{ supplier.inn }}{% endif %}{% if supplier.address %}<br />{{ supplier.address }}{% endif %}{% if supplier.phone %}<br />Тел.: {{ supplier.phone }}{% endif %}{% if supplier.email %}<br />{{ supplier.email }}{% endif %}
    </div>
    <div>
      <strong>Покупатель:</strong> {{ company.name }}<br />{{ location.name }}{% if location.address %}, {{ location.address }}{% endif %}{% if location.phone %}<br />Тел.: {{ location.phone }}{% endif %}
    </div>
  </div>
  <p><strong>Склад получения:</strong> {{ purchase.warehouse }}{% if purchase.expected_at %}. <strong>Ожидаемая дата поставки:</strong> {{ purchase.expected_at | ru_date }}{% endif %}</p>
  <table class="grid">
    <thead><tr><th>№</th><th>Артикул</th><th>Наименование</th><th>Ед.</th><th>Кол-во</th><th>Цена</th><th>Сумма</th></tr></thead>
    <tbody>
      {% for i in items %}<tr><td class="c">{{ forloop.index }}</td><td>{{ i.sku }}</td><td>{{ i.name }}</td><td class="c">{{ i.unit }}</td><td class="c">{{ i.qty }}</td><td class="num">{{ i.price | rub }}</td><td class="num">{{ i.amount | rub }}</td></tr>{% endfor %}
    </tbody>
  </table>
  <table class="totals">
    <tbody>
      <tr><td>Всего единиц:</td><td class="num">{{ totals.qty }}</td></tr>
      <tr><td><strong>Итого:</strong></td><td class="num"><strong>{{ totals.total | rub }}</strong></td></tr>
    </tbody>
  </table>
  <p class="small">Сумма прописью: {{ totals.total_words }}</p>
  {% if purchase.comment %}<p><strong>Комментарий:</strong> {{ purchase.comment }}</p>{% endif %}
  <div class="signs">
    <div>Заказ оформил: {{ employee.name }}<br /><br />____________________</div>
    <div>Поставщик: ____________________<br /><br />М. П.</div>
  </div>
</div>
`;

export const builtInTemplates: BuiltInTemplate[] = [
  { key: 'order_receipt', name: 'Квитанция о приёме', kind: 'order_receipt', paper: 'mm80', body: orderReceipt },
  { key: 'order_act', name: 'Акт выполненных работ', kind: 'order_act', paper: 'a4', body: orderAct },
  { key: 'warranty_card', name: 'Гарантийный талон', kind: 'warranty_card', paper: 'a4', body: warrantyCard },
  { key: 'sale_receipt', name: 'Товарный чек', kind: 'sale_receipt', paper: 'mm80', body: saleReceipt },
  { key: 'price_label', name: 'Ценник', kind: 'price_label', paper: 'label58x40', body: priceLabel },
  { key: 'purchase_order', name: 'Заказ поставщику', kind: 'purchase_order', paper: 'a4', body: purchaseOrder },
];
