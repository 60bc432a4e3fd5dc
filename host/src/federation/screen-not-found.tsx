import { Button, Result } from 'antd';
import { Link, useLocation } from 'react-router-dom';

/** The host's not-found inside the main layout: an unknown path under an area's prefix (`/stock/nope`). */
export function ScreenNotFound() {
  const { pathname } = useLocation();
  return (
    <Result
      status="404"
      title="Страница не найдена"
      subTitle={
        <>
          Адреса <code style={{ wordBreak: 'break-all' }}>{pathname}</code> нет в системе. Проверьте ссылку или перейдите
          на главную.
        </>
      }
      extra={
        <Link to="/">
          <Button type="primary">На главную</Button>
        </Link>
      }
    />
  );
}

/** A screen whose rule the employee lacks (its menu item is hidden too). */
export function ScreenForbidden() {
  return (
    <Result
      status="403"
      title="Нет доступа"
      subTitle="У вашей роли нет права открывать этот раздел. Если оно нужно для работы, обратитесь к владельцу."
      extra={
        <Link to="/">
          <Button type="primary">На главную</Button>
        </Link>
      }
    />
  );
}
