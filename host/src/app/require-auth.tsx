import { useAuth } from '@repo/shared-core';
import { Button, Flex, Result, Spin } from 'antd';
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { rerunStartup, useStartupStatus } from './startup-store';

function FullScreen({ children }: { children: ReactNode }) {
  return (
    <Flex align="center" justify="center" style={{ minHeight: '100vh', padding: 24 }}>
      {children}
    </Flex>
  );
}

/** Authentication on every route except /login and the catch-all (seed §2, §6). */
export function RequireAuth({ children }: { children: ReactNode }) {
  const status = useStartupStatus();
  const isAuthenticated = useAuth((s) => s.isAuthenticated);
  const hasProfile = useAuth((s) => s.profile !== null);
  const location = useLocation();

  if (!isAuthenticated) return <Navigate to="/login" replace state={{ from: location }} />;
  if (status === 'unavailable' && !hasProfile) {
    return (
      <FullScreen>
        <Result
          status="warning"
          title="Сервер недоступен"
          subTitle="Не удалось проверить вход. Проверьте соединение и попробуйте ещё раз."
          extra={
            <Button type="primary" onClick={() => void rerunStartup()}>
              Повторить
            </Button>
          }
        />
      </FullScreen>
    );
  }
  if (!hasProfile) {
    return (
      <FullScreen>
        <Spin size="large" description="Загрузка профиля…">
          <div style={{ width: 160, height: 80 }} />
        </Spin>
      </FullScreen>
    );
  }
  return <>{children}</>;
}
