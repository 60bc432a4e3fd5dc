import { defineModule } from '../../lib/module';
import { countExtraCashboxes, countExtraWarehouses } from './repository';
import { locationRoutes } from './routes';

/** Locations (shops) with their images; a new location gets a default warehouse and cashbox. */
export const locationModule = defineModule({
  name: 'location',
  prefix: '/location',
  routes: locationRoutes,
  tag: { name: 'location', description: 'Магазины и их изображения' },
  // Its default warehouse and cashbox are removed with it; any other one keeps it.
  locationReferences: [
    { table: 'warehouses', label: 'у него есть склады', count: countExtraWarehouses },
    { table: 'cashboxes', label: 'у него есть кассы', count: countExtraCashboxes },
  ],
});
