import { backupRunSchema, backupStatusSchema, type BackupRun, type BackupStatus } from '@repo/contracts';
import { api } from '@repo/shared-core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

export const backupKeys = {
  all: ['backup'] as const,
  status: () => [...backupKeys.all, 'status'] as const,
};

/** GET /api/backup — the backup folder, schedule, last good copy and recent attempts (rule manage_settings). */
export async function getBackupStatus(): Promise<BackupStatus> {
  const { data } = await api.get<unknown>('backup');
  return backupStatusSchema.parse(data);
}

export function useBackupStatus() {
  return useQuery({ queryKey: backupKeys.status(), queryFn: getBackupStatus, refetchOnMount: 'always' });
}

/** POST /api/backup — «Создать копию сейчас»; answers the attempt (ok or failed with its error). */
export async function createBackup(): Promise<BackupRun> {
  const { data } = await api.post<unknown>('backup', {});
  return backupRunSchema.parse(data);
}

export function useCreateBackup() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: createBackup, onSettled: () => qc.invalidateQueries({ queryKey: backupKeys.all }) });
}
