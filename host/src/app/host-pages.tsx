import type { ComponentType } from 'react';
import { DebugPage } from '../pages/debug/debug-page';
import { MainPage } from '../pages/main/main-page';
import { ProfilePage } from '../pages/profile/profile-page';
import { SettingsPage } from '../pages/settings/settings-page';

/** Host-owned screens inside the main layout, by route path. */
export const hostPages: Record<string, ComponentType> = {
  '/': MainPage,
  '/settings': SettingsPage,
  '/profile': ProfilePage,
  '/debug': DebugPage,
};
