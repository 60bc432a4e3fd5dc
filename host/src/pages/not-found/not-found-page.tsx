import { Button, Result } from 'antd';
import { Link, useLocation } from 'react-router-dom';

/** The catch-all. It renders outside the main layout (no sign-in needed), so it fills the screen itself. */
export function NotFoundPage() {
  const { pathname } = useLocation();
  return (
    <div style={{ minHeight: '100vh', padding: 24, display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
      <Result
        status="404"
        title="Страница не найдена"
        subTitle={
          <>
            Адреса <code style={{ wordBreak: 'break-all' }}>{pathname}</code> нет в системе. Проверьте ссылку или
            перейдите на главную.
          </>
        }
        extra={
          <Link to="/">
            <Button type="primary">На главную</Button>
          </Link>
        }
      />
    </div>
  );
}
