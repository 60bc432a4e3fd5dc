import { systemCtx } from '../../lib/ctx';
import { defineModule } from '../../lib/module';
import { releasesRoutes, remotesJsonRoute } from './routes';
import { adoptBuild } from './service';

/** Release and rollback of one area: the live pointer per area lives in the database (docs/releases.md). */
export const releasesModule = defineModule({
  name: 'releases',
  prefix: '/releases',
  routes: releasesRoutes,
  tag: { name: 'releases', description: 'Версии разделов: выпуск и откат' },
  siteRoutes: remotesJsonRoute,
  async onStart(app) {
    const adopted = await adoptBuild(systemCtx(app.db, app.config));
    if (adopted.length > 0) app.log.info({ adopted }, 'releases: adopted the new build');
  },
});
