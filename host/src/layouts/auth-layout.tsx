import { theme } from 'antd';
import { Outlet } from 'react-router-dom';
import { BrandMark } from './brand-mark';
import { PRODUCT_NAME } from './brand';

/**
 * The frame of the sign-in screen: one centred card on a calm background. Kept plain on purpose:
 * staff open it every morning, and it should look like the tool they trust, not a landing page.
 * The card is a styled block rather than antd Card: Card brings Tabs, Menu and Tooltip with it, a
 * third of the sign-in page's script on a slow shop connection.
 */
export function AuthLayout() {
  const { token } = theme.useToken();
  return (
    <div
      style={{
        minHeight: '100vh',
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        padding: '32px 16px',
        background:
          'radial-gradient(1200px 600px at 10% -10%, #e6f0ff 0%, rgba(230,240,255,0) 60%),' +
          'radial-gradient(900px 500px at 110% 110%, #eef2f7 0%, rgba(238,242,247,0) 60%), #f5f7fa',
      }}
    >
      <main style={{ width: '100%', maxWidth: 420 }}>
        <div style={{ display: 'flex', justifyContent: 'center', marginBottom: 24 }}>
          <BrandMark size="large" withTagline />
        </div>
        <section
          style={{
            background: token.colorBgContainer,
            boxShadow: '0 1px 2px rgba(15, 23, 42, 0.04), 0 8px 24px rgba(15, 23, 42, 0.08)',
            borderRadius: 12,
            padding: 32,
          }}
        >
          <Outlet />
        </section>
        <p style={{ textAlign: 'center', margin: '24px 0 0', fontSize: 12, color: token.colorTextSecondary }}>
          © {new Date().getFullYear()} {PRODUCT_NAME}. Доступ только для сотрудников компании.
        </p>
      </main>
    </div>
  );
}
