import { describeAreaContract } from '@repo/testing';
import { areaMeta } from '../expose/area';
import { routes } from '../expose/routes';

describeAreaContract({
  area: 'shop-content',
  areaMeta,
  routes,
  paths: ["/catalog", "/devices", "/request/:id?", "/constructors", "/constructorMainSlider", "/constructorGeneralCategory"],
  menu: [['ShopCatalog', 'Каталог', '/catalog', 10], ['ShopDevices', 'Устройства', '/devices', 20], ['ShopRequest', 'Заявки', '/request', 30], ['ShopConstructors', 'Конструкторы', '/constructors', 40]],
  // Placeholders until the area's own issue builds each screen.
  screenText: /ещё не создан/,
});
