import { LogoutOutlined } from '@ant-design/icons';
import type { Session } from '@repo/contracts';
import { clearSession, dayjs, notify, realtime } from '@repo/shared-core';
import { Button, Card, Popconfirm, Result, Table, Tag, Tooltip, type TableColumnsType } from 'antd';
import { useNavigate } from 'react-router-dom';
import { useDeleteSession } from './api/delete-session';
import { useSessions } from './api/get-sessions';
import { useLogoutAll } from './api/logout-all';
import { shortUserAgent } from './user-agent';

const fmt = (iso: string) => dayjs(iso).format('DD.MM.YYYY HH:mm');

/** Where the employee is signed in; a lost phone or a shared counter PC can be signed out from here. */
export function SessionsCard() {
  const sessions = useSessions();
  const remove = useDeleteSession();
  const logoutAll = useLogoutAll();
  const navigate = useNavigate();

  const onLogoutAll = () => {
    // This session ends too: close our socket before the server's 4401 reads as a surprise sign-out.
    realtime.disconnect();
    logoutAll.mutate(undefined, {
      onSuccess: () => {
        clearSession();
        navigate('/login', { replace: true });
      },
      onError: () => realtime.connect(),
    });
  };

  const columns: TableColumnsType<Session> = [
    {
      title: 'Устройство',
      key: 'device',
      render: (_, s) => (
        <Tooltip title={s.userAgent ?? undefined}>
          <span>
            {shortUserAgent(s.userAgent)}
            {s.current && (
              <Tag color="green" style={{ marginInlineStart: 8 }}>
                Текущий
              </Tag>
            )}
          </span>
        </Tooltip>
      ),
    },
    { title: 'IP-адрес', dataIndex: 'ip', key: 'ip', render: (ip: string | null) => ip ?? '—', width: 150 },
    { title: 'Вход', dataIndex: 'createdAt', key: 'createdAt', render: fmt, width: 150 },
    { title: 'Последняя активность', dataIndex: 'lastUsedAt', key: 'lastUsedAt', render: fmt, width: 190 },
    {
      key: 'actions',
      width: 130,
      align: 'right',
      // The current session ends through «Выйти»; a button here would sign out without saying so.
      render: (_, s) =>
        s.current ? null : (
          <Button
            size="small"
            danger
            loading={remove.isPending && remove.variables === s.id}
            onClick={() => remove.mutate(s.id, { onSuccess: () => notify.success('Сеанс завершён') })}
          >
            Завершить
          </Button>
        ),
    },
  ];

  return (
    <Card
      title="Активные сеансы"
      variant="borderless"
      extra={
        <Popconfirm
          title="Выйти на всех устройствах?"
          description="Сеансы на всех устройствах, включая это, будут завершены."
          okText="Выйти везде"
          cancelText="Отмена"
          okButtonProps={{ danger: true, loading: logoutAll.isPending }}
          onConfirm={onLogoutAll}
        >
          <Button icon={<LogoutOutlined />} danger>
            Выйти на всех устройствах
          </Button>
        </Popconfirm>
      }
    >
      {sessions.isError ? (
        <Result
          status="warning"
          title="Не удалось загрузить сеансы"
          extra={<Button onClick={() => sessions.refetch()}>Повторить</Button>}
        />
      ) : (
        <Table<Session>
          rowKey="id"
          size="middle"
          columns={columns}
          dataSource={sessions.data ?? []}
          loading={sessions.isLoading}
          pagination={false}
          scroll={{ x: 760 }}
        />
      )}
    </Card>
  );
}
