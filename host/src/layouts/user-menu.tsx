import { BugOutlined, DownOutlined, LogoutOutlined, UserOutlined } from '@ant-design/icons';
import { useAuth } from '@repo/shared-core';
import { Avatar, Button, Dropdown, Typography, type MenuProps } from 'antd';
import { useNavigate } from 'react-router-dom';
import { useSignOut } from './use-sign-out';

function initials(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((p) => p[0]!.toUpperCase())
    .join('');
}

/** The employee's name in the header, with the way to the profile and out. */
export function UserMenu({ compact }: { compact?: boolean }) {
  const profile = useAuth((s) => s.profile);
  const navigate = useNavigate();
  const signOut = useSignOut();
  const name = profile?.name ?? 'Сотрудник';

  const items: MenuProps['items'] = [
    { key: 'profile', icon: <UserOutlined />, label: 'Профиль' },
    // The client's stored errors, for support calls ("what did the screen say?").
    { key: 'debug', icon: <BugOutlined />, label: 'Отладка' },
    { type: 'divider' },
    { key: 'logout', icon: <LogoutOutlined />, label: 'Выйти', danger: true },
  ];
  const onClick: MenuProps['onClick'] = ({ key }) => {
    if (key === 'profile') navigate('/profile');
    if (key === 'debug') navigate('/debug');
    if (key === 'logout') void signOut();
  };

  return (
    <Dropdown menu={{ items, onClick }} trigger={['click']} placement="bottomRight">
      <Button type="text" data-testid="user-menu" style={{ height: 40, paddingInline: 8 }}>
        <Avatar size={28} style={{ background: '#e6f0ff', color: '#0958d9', fontSize: 12, fontWeight: 600 }}>
          {initials(name) || <UserOutlined />}
        </Avatar>
        {!compact && (
          <span style={{ display: 'inline-flex', flexDirection: 'column', alignItems: 'flex-start', lineHeight: 1.2 }}>
            <Typography.Text strong style={{ maxWidth: 260 }} ellipsis>
              {name}
            </Typography.Text>
            {profile?.role?.title && (
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {profile.role.title}
              </Typography.Text>
            )}
          </span>
        )}
        <DownOutlined style={{ fontSize: 10, color: '#8c8c8c' }} />
      </Button>
    </Dropdown>
  );
}
