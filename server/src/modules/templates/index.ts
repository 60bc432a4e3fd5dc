import { defineModule } from '../../lib/module';
import { templateRoutes } from './routes';
import { builtInTemplatesSeeder, purchaseOrderTemplateSeeder, syncBuiltInDefaults } from './seed';

/** Printed documents: HTML templates with Liquid, rendered for an order or price labels. See server/docs/templates.md. */
export const templatesModule = defineModule({
  name: 'templates',
  prefix: '/templates',
  routes: templateRoutes,
  tag: { name: 'templates', description: 'Печатные документы: шаблоны квитанций, актов, гарантийных талонов, чеков и ценников' },
  seeders: [builtInTemplatesSeeder, purchaseOrderTemplateSeeder],
  onStart: (app) => syncBuiltInDefaults(app.db),
});
