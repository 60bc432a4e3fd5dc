import { defineModule } from '../../lib/module';
import { taskRoutes } from './routes';
import { tasksDemoSeeder } from './seed';
import { startReminders } from './service';

/** How often a process looks for tasks fallen due (`TASK_REMINDER_MS`, 0 = never; default 30 s). */
const reminderMs = () => {
  const value = Number(process.env.TASK_REMINDER_MS);
  return Number.isFinite(value) && value >= 0 && process.env.TASK_REMINDER_MS !== '' && process.env.TASK_REMINDER_MS !== undefined ? value : 30_000;
};

/** Tasks: assigned work with due moments, comments, counts and reminders. See server/docs/tasks.md. */
export const tasksModule = defineModule({
  name: 'tasks',
  prefix: '/tasks',
  routes: taskRoutes,
  tag: { name: 'tasks', description: 'Задачи: исполнитель, срок, приоритет, статус, связь с заказом, клиентом или продажей, комментарии' },
  seeders: [tasksDemoSeeder],
  // Named when the foreign key refuses a delete; not counted, so a shop's other references speak first.
  locationReferences: [{ table: 'tasks', label: 'у него есть задачи' }],
  async onStart(app) {
    const stop = startReminders(app.db, app.log, reminderMs());
    app.addHook('onClose', async () => stop());
  },
});
