import type { ModuleDefinition } from '../lib/module';
import { auditModule } from './audit';
import { authModule } from './auth';
import { catalogModule } from './catalog';
import { clientsModule } from './clients';
import { creditsModule } from './credits';
import { financeModule } from './finance';
import { healthModule } from './health';
import { locationModule } from './location';
import { devicesModule, ordersModule } from './orders';
import { procurementModule } from './procurement';
import { releasesModule } from './releases';
import { stockModule } from './stock';
import { templatesModule } from './templates';
import { salesModule } from './sales';
import { backupModule } from './backup';
import { peopleModule } from './people';
import { companyModule } from './company';
import { payrollModule } from './payroll';
import { reportsModule } from './reports';
import { tasksModule } from './tasks';
import { plannerModule } from './planner';
import { publicShopModule, shopModule } from './shop';

/**
 * Every server module, in mounting order. `app.ts` mounts their routes, the OpenAPI document lists
 * their tags, `db/seed.ts` runs their seeders, and the location delete check counts their references,
 * all from this list. A new module is one line here (see server/docs/modules.md).
 */
export const modules: ModuleDefinition[] = [healthModule, authModule, locationModule, catalogModule, peopleModule, clientsModule, stockModule, procurementModule, financeModule, ordersModule, devicesModule, templatesModule, creditsModule, salesModule, payrollModule, tasksModule, plannerModule, shopModule, publicShopModule, reportsModule, companyModule, auditModule, releasesModule, backupModule];
