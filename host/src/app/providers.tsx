import { QueryClientProvider } from '@tanstack/react-query';
import { NotificationsContainer, queryClient } from '@repo/shared-core';
import { ConfigProvider } from 'antd';
import ruRU from 'antd/locale/ru_RU';
import { useMemo, type ReactNode } from 'react';
import { appTheme, withMotion } from './theme';
import { useReducedMotion } from './use-reduced-motion';

/**
 * App-wide providers (antd's App with message/modal/notification is added by the signed-in shell,
 * so the sign-in page does not download it): antd in Russian with the app theme (without animations when the system asks
 * for reduced motion), the shared query cache, one toast container.
 */
export function AppProviders({ children }: { children: ReactNode }) {
  const reducedMotion = useReducedMotion();
  const theme = useMemo(() => withMotion(appTheme, !reducedMotion), [reducedMotion]);
  return (
    <ConfigProvider locale={ruRU} theme={theme}>
      <QueryClientProvider client={queryClient}>
        {children}
        <NotificationsContainer />
      </QueryClientProvider>
    </ConfigProvider>
  );
}
