import { describeAreaContract } from '@repo/testing';
import { areaMeta } from '../expose/area';
import { routes } from '../expose/routes';

describeAreaContract({
  area: 'shop-content',
  areaMeta,
  routes,
  paths: ["/catalog", "/devices", "/request/:id?", "/constructors", "/constructorMainSlider", "/constructorGeneralCategory"],
  menu: [['ShopCatalog', 'Каталог', '/catalog', 10], ['ShopDevices', 'Устройства', '/devices', 20], ['ShopRequest', 'Заявки', '/request', 30], ['ShopConstructors', 'Конструкторы', '/constructors', 40]],
  // A text of each built screen (issue #25): the catalogue's filter, the devices' hint, the requests' column, the hub's card, the slides' and categories' hints.
  screenText: /^Все товары$|Выберите тип и бренд|^Вид и статус$|^Главный слайдер$|Сайт показывает слайды|Категории витрины собирают/,
});
