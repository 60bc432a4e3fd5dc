import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { BackupRun, BackupStatus } from '@repo/contracts';
import { createFakeApi, renderPage, respondError } from '@repo/testing';
import { SettingsPage } from '../../settings-page';
import { BackupsTab, explainError, formatSize } from '../backups-tab';

const ok: BackupRun = {
  id: 'b1',
  kind: 'daily',
  status: 'ok',
  file: '/srv/data/backups/servis-plus-2026-11-27-030000.ndjson.gz',
  fileName: 'servis-plus-2026-11-27-030000.ndjson.gz',
  size: 612_345,
  rows: 11007,
  durationMs: 1200,
  error: null,
  startedAt: '2026-11-27T00:00:00.000Z',
  finishedAt: '2026-11-27T00:00:01.200Z',
};
const failed: BackupRun = { ...ok, id: 'b2', kind: 'manual', status: 'failed', size: null, rows: null, file: '/srv/x.gz', fileName: 'x.gz', error: 'ENOSPC: no space left on device', startedAt: '2026-11-28T08:00:00.000Z' };
const status = (over: Partial<BackupStatus> = {}): BackupStatus => ({ dir: '/srv/data/backups', daily: true, time: '03:00', keepDays: 14, lastSuccess: ok, recent: [ok], ...over });

const server = createFakeApi();
jest.setTimeout(30000);
beforeEach(() => server.reset());
afterAll(() => server.restore());

describe('BackupsTab', () => {
  it('shows the last good copy: time, size, file, and the schedule', async () => {
    server.get('backup', status());
    renderPage(<BackupsTab />, { rules: ['manage_settings'], api: server });
    const last = await screen.findByTestId('backup-last');
    expect(within(last).getByText('servis-plus-2026-11-27-030000.ndjson.gz')).toBeInTheDocument();
    expect(within(last).getByText('598 КБ')).toBeInTheDocument();
    expect(screen.getByText('в 03:00 (время сервера)')).toBeInTheDocument();
    expect(screen.queryByTestId('backup-failed')).not.toBeInTheDocument();
  });

  it('shows a failed backup in red with its message, and the empty state before the first copy', async () => {
    server.get('backup', status({ lastSuccess: null, recent: [failed] }));
    renderPage(<BackupsTab />, { rules: ['manage_settings'], api: server });
    const alert = await screen.findByTestId('backup-failed');
    expect(within(alert).getByText('ENOSPC: no space left on device')).toBeInTheDocument();
    expect(within(alert).getByText('На диске с папкой для копий закончилось место.')).toBeInTheDocument();
    expect(screen.getByText('Копий ещё не было')).toBeInTheDocument();
  });

  it('«Создать копию сейчас» posts and re-reads; an error of the status shows with «Повторить»', async () => {
    server.once('get', 'backup', respondError(500, 'Ошибка сервера'));
    renderPage(<BackupsTab />, { rules: ['manage_settings'], api: server });
    expect(await screen.findByText('Не удалось загрузить сведения о копиях')).toBeInTheDocument();
    server.get('backup', status({ lastSuccess: null, recent: [] }));
    fireEvent.click(screen.getByRole('button', { name: /Повторить/ }));
    expect(await screen.findByText('Копий ещё не было')).toBeInTheDocument();
    server.post('backup', ok);
    server.get('backup', status());
    fireEvent.click(screen.getByRole('button', { name: /Создать копию сейчас/ }));
    expect(await screen.findByTestId('backup-last')).toBeInTheDocument();
    expect(server.calls('post', 'backup')).toHaveLength(1);
  });

  it('is a settings tab only for manage_settings', async () => {
    server.get('location', []);
    renderPage(<SettingsPage />, { rules: ['view:location'], api: server });
    await waitFor(() => expect(screen.queryByRole('tab', { name: 'Резервные копии' })).not.toBeInTheDocument());
  });

  it('formats sizes', () => {
    expect(formatSize(null)).toBe('—');
    expect(formatSize(2_500_000)).toBe('2,4 МБ');
  });

  it('explains the usual system errors in words, and not the others', () => {
    expect(explainError("EEXIST: file already exists, mkdir '/srv/backups'")).toMatch(/лежит файл/);
    expect(explainError('EACCES: permission denied, open')).toMatch(/Нет прав/);
    expect(explainError('Запись копии прервана')).toBeNull();
    expect(explainError(null)).toBeNull();
  });
});
