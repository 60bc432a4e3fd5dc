import { QueryClientProvider } from '@tanstack/react-query';
import { NotificationsContainer, queryClient } from '@repo/shared-core';
import { App as AntApp, ConfigProvider } from 'antd';
import ruRU from 'antd/locale/ru_RU';
import type { ReactNode } from 'react';
import { appTheme } from './theme';

/** App-wide providers: antd in Russian with the app theme, the shared query cache, one toast container. */
export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <ConfigProvider locale={ruRU} theme={appTheme}>
      <AntApp>
        <QueryClientProvider client={queryClient}>
          {children}
          <NotificationsContainer />
        </QueryClientProvider>
      </AntApp>
    </ConfigProvider>
  );
}
