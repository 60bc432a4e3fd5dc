import { useRealtime } from '@repo/shared-core';
import { Badge, Tooltip } from 'antd';

type Status = 'Подключено' | 'Отключено' | 'Ошибка соединения' | 'Соединение закрыто';

const view: Record<Status, { badge: 'success' | 'default' | 'error' | 'warning'; hint: string }> = {
  Подключено: { badge: 'success', hint: 'Изменения коллег появляются без перезагрузки страницы' },
  Отключено: { badge: 'default', hint: 'Обновления в реальном времени не приходят' },
  'Ошибка соединения': { badge: 'error', hint: 'Нет связи с сервером обновлений, пробуем переподключиться' },
  'Соединение закрыто': { badge: 'warning', hint: 'Соединение закрыто, пробуем переподключиться' },
};

/** A coloured dot with the seed's status words: staff see at once whether colleagues' changes arrive. */
export function RealtimeStatus({ compact, testId = 'realtime-status' }: { compact?: boolean; testId?: string }) {
  const status = useRealtime((s) => s.connectionStatus) as Status;
  const v = view[status] ?? view['Отключено'];
  return (
    <Tooltip title={v.hint}>
      <span data-testid={testId} aria-live="polite" style={{ whiteSpace: 'nowrap' }}>
        <Badge status={v.badge} text={compact ? undefined : status} />
        {compact && <span style={srOnly}>{status}</span>}
      </span>
    </Tooltip>
  );
}

// Keeps the status readable to screen readers and tests when only the dot is drawn.
const srOnly = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;
