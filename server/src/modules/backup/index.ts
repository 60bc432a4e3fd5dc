import { defineModule } from '../../lib/module';
import { publishBackupAccess } from './access';
import { backupRoutes } from './routes';
import { startDailyBackups } from './service';

/** Backups: the daily one, the settings' status and «Создать копию сейчас», `pnpm backup` through the server (docs/operations.md). */
export const backupModule = defineModule({
  name: 'backup',
  prefix: '/backup',
  routes: backupRoutes,
  tag: { name: 'backup', description: 'Резервные копии базы' },
  async onStart(app) {
    publishBackupAccess(app);
    const stop = startDailyBackups(app.database, app.config, app.log);
    app.addHook('onClose', async () => stop());
  },
});
