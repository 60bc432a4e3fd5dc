import type { ThemeConfig } from 'antd';

/** A calm, professional look shared by every area (the remotes inherit it through ConfigProvider). */
export const appTheme: ThemeConfig = {
  token: {
    colorPrimary: '#1677ff',
    colorInfo: '#1677ff',
    colorBgLayout: '#f5f7fa',
    colorTextBase: '#1f2937',
    borderRadius: 8,
    fontSize: 14,
    fontFamily:
      "-apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans', sans-serif",
  },
  components: {
    Layout: { headerBg: '#ffffff', siderBg: '#ffffff', bodyBg: '#f5f7fa' },
    Card: { borderRadiusLG: 12 },
  },
};

/**
 * The theme with antd's animations on or off. Off when the system asks for reduced motion: popups,
 * drawers and menus then appear at once (antd's `motion` token switches every component's motion).
 */
export function withMotion(theme: ThemeConfig, motion: boolean): ThemeConfig {
  return motion ? theme : { ...theme, token: { ...theme.token, motion: false } };
}
