// The storefront preview (server/docs/shop.md): a plain ES module built only on the public API
// `/api/public/*`. No build step, no inline code (the CSP allows scripts from this origin only).

const api = '/api/public';
const pageSize = 12;

const $ = (selector, root = document) => root.querySelector(selector);
const $$ = (selector, root = document) => [...root.querySelectorAll(selector)];

/** An element with attributes and children; text is always set as text, never as HTML. */
function h(tag, attrs = {}, ...children) {
  const el = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value === null || value === undefined || value === false) continue;
    if (key === 'text') el.textContent = value;
    else if (key.startsWith('on')) el.addEventListener(key.slice(2), value);
    else el.setAttribute(key, value === true ? '' : String(value));
  }
  for (const child of children.flat()) if (child !== null && child !== undefined && child !== false) el.append(child);
  return el;
}

const rub = (kopecks) => `${new Intl.NumberFormat('ru-RU', { maximumFractionDigits: 2 }).format(kopecks / 100)} ₽`;
const priceText = (price) => (price === null || price === undefined ? 'Цена по запросу' : rub(price));
/** «+7 (495) 120-34-56» for a stored «+74951203456». */
const phoneText = (phone) => {
  const m = /^\+7(\d{3})(\d{3})(\d{2})(\d{2})$/.exec(phone);
  return m ? `+7 (${m[1]}) ${m[2]}-${m[3]}-${m[4]}` : phone;
};

/** «40 мин», «1 ч 30 мин», «2 дн.». */
function duration(minutes) {
  if (minutes === null || minutes === undefined) return '';
  if (minutes >= 1440 && minutes % 1440 === 0) return `${minutes / 1440} дн.`;
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return [hours ? `${hours} ч` : '', rest ? `${rest} мин` : ''].filter(Boolean).join(' ') || '0 мин';
}

/** Plain text of the item's (sanitised) description, for the card. */
function plainText(html) {
  const doc = new DOMParser().parseFromString(`<body>${html ?? ''}</body>`, 'text/html');
  // Block by block, so that paragraphs and list items do not run into each other.
  for (const el of doc.body.querySelectorAll('p, li, h3, h4, br')) el.after(' ');
  return (doc.body.textContent ?? '').replace(/\s+/g, ' ').trim();
}

// The server's clock: `startedAt` is sent in it, so a visitor's clock running ahead is not taken for a bot.
let clockOffset = 0;

async function get(path) {
  const res = await fetch(`${api}${path}`, { headers: { accept: 'application/json' } });
  const date = Date.parse(res.headers.get('date') ?? '');
  if (Number.isFinite(date)) clockOffset = date - Date.now();
  if (!res.ok) throw new Error(`${res.status}`);
  return res.json();
}

const state = {
  info: null,
  category: '',
  search: '',
  page: 1,
  devices: { types: [] },
  /** id → { id, title, price, qty } */
  cart: new Map(),
};

// ---------------------------------------------------------------------------------------------------
// Header and settings

async function loadInfo() {
  try {
    state.info = await get('/info');
  } catch {
    state.info = { siteName: 'Витрина', phone: null, requestsOpen: true, locations: [] };
  }
  const { siteName, phone, requestsOpen, locations } = state.info;
  $('[data-testid="sf-site-name"]').textContent = siteName || 'Витрина';
  document.title = `${siteName || 'Витрина'} — предпросмотр сайта`;
  const phoneLink = $('[data-testid="sf-phone"]');
  if (phone) {
    phoneLink.textContent = phoneText(phone);
    phoneLink.href = `tel:${phone}`;
    phoneLink.hidden = false;
  }
  $('[data-testid="sf-closed"]').hidden = requestsOpen;
  for (const select of $$('select[name="locationId"]')) {
    select.replaceChildren(h('option', { value: '', text: 'Любой магазин' }), ...locations.map((l) => h('option', { value: l.id, text: l.address ? `${l.name}, ${l.address}` : l.name })));
    select.closest('label').hidden = locations.length === 0;
  }
}

// ---------------------------------------------------------------------------------------------------
// Slides

let slideIndex = 0;
let slideTimer = null;

function showSlide(i) {
  const slides = $$('[data-testid="sf-slide"]');
  if (!slides.length) return;
  slideIndex = (i + slides.length) % slides.length;
  slides.forEach((s, k) => {
    s.hidden = k !== slideIndex;
  });
  $$('.sf-dots button').forEach((d, k) => d.classList.toggle('active', k === slideIndex));
}

async function loadSlides() {
  const { items } = await get('/slides').catch(() => ({ items: [] }));
  const box = $('[data-testid="sf-slides"]');
  box.hidden = items.length === 0;
  $('.sf-slide-track', box).replaceChildren(
    ...items.map((s) =>
      h(
        'article',
        { class: 'sf-slide', 'data-testid': 'sf-slide', 'data-id': s.id },
        s.image ? h('img', { src: s.image.url, alt: '', loading: 'lazy', width: s.image.width, height: s.image.height }) : null,
        h(
          'div',
          { class: 'sf-slide-body' },
          h('h2', { text: s.title, 'data-testid': 'sf-slide-title' }),
          s.text ? h('p', { text: s.text }) : null,
          s.buttonText && s.link ? h('a', { class: 'sf-button', href: s.link, text: s.buttonText, rel: /^https?:/i.test(s.link) ? 'noopener noreferrer' : null }) : null,
        ),
      ),
    ),
  );
  $('.sf-dots', box).replaceChildren(...items.map((_, k) => h('button', { type: 'button', 'aria-label': `Слайд ${k + 1}`, onclick: () => showSlide(k) })));
  $('.sf-slide-prev', box).hidden = items.length < 2;
  $('.sf-slide-next', box).hidden = items.length < 2;
  showSlide(0);
  if (slideTimer) clearInterval(slideTimer);
  if (items.length > 1) slideTimer = setInterval(() => showSlide(slideIndex + 1), 6000);
}

// ---------------------------------------------------------------------------------------------------
// Categories and the catalogue

async function loadCategories() {
  const { items } = await get('/categories').catch(() => ({ items: [] }));
  const chip = (slug, name, image) =>
    h(
      'button',
      { type: 'button', class: `sf-category${state.category === slug ? ' active' : ''}`, 'data-testid': 'sf-category', 'data-slug': slug, onclick: () => pickCategory(slug) },
      image ? h('img', { src: image.thumbnailUrl, alt: '', loading: 'lazy' }) : null,
      h('span', { text: name }),
    );
  $('[data-testid="sf-categories"]').replaceChildren(chip('', 'Все товары', null), ...items.map((c) => chip(c.slug, c.name, c.image)));
}

function pickCategory(slug) {
  state.category = slug;
  state.page = 1;
  $$('[data-testid="sf-category"]').forEach((b) => b.classList.toggle('active', b.dataset.slug === slug));
  void loadCatalog();
}

async function loadCatalog() {
  const params = new URLSearchParams({ page: String(state.page), pageSize: String(pageSize) });
  if (state.category) params.set('category', state.category);
  if (state.search) params.set('search', state.search);
  const grid = $('[data-testid="sf-catalog"]');
  let page;
  try {
    page = await get(`/catalog?${params}`);
  } catch {
    grid.replaceChildren(h('p', { class: 'sf-muted', text: 'Каталог сейчас недоступен' }));
    return;
  }
  $('[data-testid="sf-catalog-total"]').textContent = page.total ? `Найдено товаров: ${page.total}` : 'Ничего не найдено';
  grid.replaceChildren(
    ...page.items.map((item) =>
      h(
        'article',
        { class: 'sf-card', 'data-testid': 'sf-item', 'data-id': item.id },
        item.images[0] ? h('img', { src: item.images[0].thumbnailUrl, alt: '', loading: 'lazy' }) : h('div', { class: 'sf-noimage', text: 'Нет фото' }),
        h('h3', { text: item.title, 'data-testid': 'sf-item-title' }),
        h('p', { class: 'sf-desc', text: plainText(item.description).slice(0, 140) }),
        h('p', { class: `sf-stock ${item.inStock ? 'in' : 'out'}`, 'data-testid': 'sf-item-stock', text: item.inStock ? 'в наличии' : 'под заказ' }),
        h('p', { class: 'sf-price', 'data-testid': 'sf-item-price', text: priceText(item.price) }),
        h('button', { type: 'button', 'data-testid': 'sf-add-to-cart', onclick: () => addToCart(item), text: 'В корзину' }),
      ),
    ),
  );
  const pages = Math.max(1, Math.ceil(page.total / pageSize));
  const nav = $('[data-testid="sf-pages"]');
  nav.replaceChildren();
  if (pages > 1) {
    nav.append(
      h('button', { type: 'button', disabled: state.page <= 1, text: '← Назад', 'data-testid': 'sf-page-prev', onclick: () => goPage(state.page - 1) }),
      h('span', { text: `Страница ${state.page} из ${pages}`, 'data-testid': 'sf-page' }),
      h('button', { type: 'button', disabled: state.page >= pages, text: 'Вперёд →', 'data-testid': 'sf-page-next', onclick: () => goPage(state.page + 1) }),
    );
  }
}

function goPage(page) {
  state.page = page;
  void loadCatalog();
  $('#catalog').scrollIntoView({ behavior: 'smooth' });
}

// ---------------------------------------------------------------------------------------------------
// The cart

function addToCart(item) {
  const line = state.cart.get(item.id) ?? { id: item.id, title: item.title, price: item.price, qty: 0 };
  line.qty = Math.min(99, line.qty + 1);
  state.cart.set(item.id, line);
  renderCart();
}

function renderCart() {
  const box = $('[data-testid="sf-cart"]');
  const lines = [...state.cart.values()];
  $('[data-testid="sf-cart-count"]').textContent = String(lines.reduce((s, l) => s + l.qty, 0));
  if (!lines.length) {
    box.replaceChildren(h('p', { class: 'sf-muted', text: 'Корзина пуста: добавьте товары из каталога.' }));
    return;
  }
  const total = lines.reduce((s, l) => s + (l.price ?? 0) * l.qty, 0);
  box.replaceChildren(
    h(
      'ul',
      { class: 'sf-cart-lines' },
      lines.map((l) =>
        h(
          'li',
          { 'data-testid': 'sf-cart-line', 'data-id': l.id },
          h('span', { class: 'sf-cart-title', text: l.title }),
          h('input', {
            type: 'number',
            min: 1,
            max: 99,
            value: l.qty,
            'aria-label': `Количество: ${l.title}`,
            onchange: (e) => {
              const qty = Math.max(1, Math.min(99, Math.round(Number(e.target.value) || 1)));
              l.qty = qty;
              renderCart();
            },
          }),
          h('span', { class: 'sf-price', text: priceText(l.price === null ? null : l.price * l.qty) }),
          h('button', {
            type: 'button',
            class: 'sf-link',
            text: 'Убрать',
            onclick: () => {
              state.cart.delete(l.id);
              renderCart();
            },
          }),
        ),
      ),
    ),
    h('p', { class: 'sf-total', 'data-testid': 'sf-cart-total', text: `Итого: ${rub(total)}` }),
  );
}

// ---------------------------------------------------------------------------------------------------
// Devices and repair prices

const typeSelect = () => $('[data-testid="sf-type"]');
const brandSelect = () => $('[data-testid="sf-brand"]');
const modelSelect = () => $('[data-testid="sf-model"]');
const options = (placeholder, list) => [h('option', { value: '', text: placeholder }), ...list.map((x) => h('option', { value: x.id, text: x.name }))];

async function loadDevices() {
  state.devices = await get('/devices').catch(() => ({ types: [] }));
  typeSelect().replaceChildren(...options('Выберите тип', state.devices.types));
  brandSelect().replaceChildren(...options('Сначала тип', []));
  modelSelect().replaceChildren(...options('Сначала бренд', []));
}

const currentType = () => state.devices.types.find((t) => t.id === typeSelect().value);
const currentBrand = () => currentType()?.brands.find((b) => b.id === brandSelect().value);

function onType() {
  const type = currentType();
  brandSelect().replaceChildren(...options(type ? 'Выберите бренд' : 'Сначала тип', type?.brands ?? []));
  modelSelect().replaceChildren(...options('Сначала бренд', []));
  void showPrices(null);
}

function onBrand() {
  const brand = currentBrand();
  const models = (brand?.models ?? []).map((m) => ({ id: m.id, name: m.minPrice !== null ? `${m.name} — от ${rub(m.minPrice)}` : m.name }));
  modelSelect().replaceChildren(...options(brand ? 'Выберите модель' : 'Сначала бренд', models));
  void showPrices(null);
}

async function showPrices(modelId) {
  const box = $('[data-testid="sf-prices"]');
  const form = $('[data-testid="sf-repair-form"]');
  form.elements.modelId.value = modelId ?? '';
  if (!modelId) {
    box.replaceChildren();
    $('[data-testid="sf-repair-model"]').textContent = 'Выберите модель выше или опишите устройство в описании.';
    return;
  }
  let data;
  try {
    data = await get(`/models/${encodeURIComponent(modelId)}/prices`);
  } catch {
    box.replaceChildren(h('p', { class: 'sf-muted', text: 'Цены на эту модель сейчас недоступны' }));
    return;
  }
  const name = `${data.model.typeName} ${data.model.brandName} ${data.model.name}`;
  $('[data-testid="sf-repair-model"]').textContent = `Модель: ${name}`;
  box.replaceChildren(
    h('h3', { text: `Цены на ремонт: ${name}` }),
    data.prices.length
      ? h(
          'table',
          { class: 'sf-price-table' },
          h('thead', {}, h('tr', {}, h('th', { text: 'Услуга' }), h('th', { text: 'Цена' }), h('th', { text: 'Срок' }))),
          h(
            'tbody',
            {},
            data.prices.map((p) =>
              h('tr', { 'data-testid': 'sf-price' }, h('td', { text: p.service }), h('td', { text: p.price === 0 && !p.priceFrom ? 'бесплатно' : `${p.priceFrom ? 'от ' : ''}${rub(p.price)}` }), h('td', { text: duration(p.minutes) })),
            ),
          ),
        )
      : h('p', { class: 'sf-muted', text: 'Цены уточняйте по телефону' }),
  );
}

// ---------------------------------------------------------------------------------------------------
// The request forms

/** The form was opened now (in the server's clock): a form sent sooner than 3 s after this is a bot's. */
function openForm(form) {
  form.dataset.startedAt = String(Date.now() + clockOffset);
}

function clearErrors(form) {
  for (const el of $$('.sf-error', form)) el.textContent = '';
  $('[data-testid="sf-form-error"]', form).textContent = '';
}

/** Field errors of the error contract next to their fields (`items.0.qty` → `items`); the rest above the button. */
function showErrors(form, body) {
  const errors = body?.errors ?? {};
  let placed = false;
  for (const [key, message] of Object.entries(errors)) {
    const field = key.split('.')[0];
    const slot = $(`[data-error-for="${field}"]`, form);
    if (slot) {
      slot.textContent = message;
      placed = true;
    }
  }
  if (!placed || !Object.keys(errors).length) $('[data-testid="sf-form-error"]', form).textContent = body?.message ?? 'Не удалось отправить заявку. Попробуйте ещё раз';
}

async function submit(form) {
  clearErrors(form);
  const done = $('[data-testid="sf-request-number"]', form);
  done.textContent = '';
  const kind = form.dataset.kind;
  const f = form.elements;
  const body = {
    kind,
    name: f.name.value,
    phone: f.phone.value,
    problem: f.problem?.value || null,
    locationId: f.locationId?.value || null,
    website: f.website.value,
    startedAt: Number(form.dataset.startedAt),
  };
  if (kind === 'repair') body.modelId = f.modelId.value || null;
  if (kind === 'order') body.items = [...state.cart.values()].map((l) => ({ id: l.id, qty: l.qty }));
  const button = $('button[type="submit"]', form);
  button.disabled = true;
  try {
    const res = await fetch(`${api}/requests`, { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json' }, body: JSON.stringify(body) });
    const answer = await res.json().catch(() => null);
    if (res.status === 201) {
      done.textContent = `Заявка ${answer.number} принята. Мы скоро свяжемся с вами.`;
      done.dataset.number = answer.number;
      form.reset();
      if (kind === 'order') {
        state.cart.clear();
        renderCart();
      }
      if (kind === 'repair') form.elements.modelId.value = modelSelect().value;
      openForm(form);
    } else {
      showErrors(form, answer);
    }
  } catch {
    $('[data-testid="sf-form-error"]', form).textContent = 'Нет связи с сервером. Попробуйте ещё раз';
  } finally {
    button.disabled = false;
  }
}

// ---------------------------------------------------------------------------------------------------

function wire() {
  $('.sf-slide-prev').addEventListener('click', () => showSlide(slideIndex - 1));
  $('.sf-slide-next').addEventListener('click', () => showSlide(slideIndex + 1));
  $('[data-testid="sf-search-form"]').addEventListener('submit', (e) => {
    e.preventDefault();
    state.search = $('[data-testid="sf-search"]').value.trim();
    state.page = 1;
    void loadCatalog();
  });
  typeSelect().addEventListener('change', onType);
  brandSelect().addEventListener('change', onBrand);
  modelSelect().addEventListener('change', () => void showPrices(modelSelect().value || null));
  for (const form of $$('form.sf-form')) {
    form.addEventListener('submit', (e) => {
      e.preventDefault();
      void submit(form);
    });
  }
}

async function start() {
  wire();
  await loadInfo();
  for (const form of $$('form.sf-form')) openForm(form);
  await Promise.all([loadSlides(), loadCategories(), loadCatalog(), loadDevices()]);
  document.body.dataset.ready = 'true';
}

void start();
