import type { Profile } from '@repo/contracts';
import { dayjs, useAuth, useLocationStore } from '@repo/shared-core';
import { Card, Col, Flex, Row, Typography } from 'antd';
import { Link } from 'react-router-dom';
import { RealtimeStatus } from '../../layouts/realtime-status';
import { MenuIcon } from '../../layouts/menu-icons';
import { entryPath, type NavEntry } from '../../layouts/nav-items';
import { useVisibleMenus } from '../../layouts/side-menu';

/**
 * How to address the employee. Staff records are usually «Фамилия Имя Отчество»: three words give
 * the polite «Имя Отчество»; with one or two words the order is unknown, so the name is used whole.
 */
export function addressName(full: string | undefined): string | undefined {
  const parts = full?.trim().split(/\s+/).filter(Boolean) ?? [];
  if (parts.length === 3) return `${parts[1]} ${parts[2]}`;
  return parts.length ? parts.join(' ') : undefined;
}

function greeting(hour: number): string {
  if (hour < 5) return 'Доброй ночи';
  if (hour < 12) return 'Доброе утро';
  if (hour < 18) return 'Добрый день';
  return 'Добрый вечер';
}

function AreaCards({ entries }: { entries: NavEntry[] }) {
  return (
    <Row gutter={[16, 16]}>
      {entries
        .filter((e) => e.enabled !== false)
        .map((e) => {
          const path = entryPath(e);
          return (
            <Col key={path} xs={24} sm={12} lg={8} xxl={6}>
              <Link to={path} style={{ display: 'block', height: '100%' }}>
                <Card hoverable size="small" style={{ height: '100%' }} styles={{ body: { padding: 16 } }}>
                  <Flex gap={12} align="flex-start">
                    <span
                      aria-hidden
                      style={{
                        flex: 'none',
                        width: 36,
                        height: 36,
                        borderRadius: 8,
                        background: '#f0f5ff',
                        color: '#1d39c4',
                        display: 'inline-flex',
                        alignItems: 'center',
                        justifyContent: 'center',
                        fontSize: 18,
                      }}
                    >
                      <MenuIcon name={e.icon} />
                    </span>
                    <div style={{ minWidth: 0 }}>
                      <Typography.Text strong>{e.label}</Typography.Text>
                      {e.description && (
                        <Typography.Paragraph type="secondary" style={{ margin: 0, fontSize: 13 }}>
                          {e.description}
                        </Typography.Paragraph>
                      )}
                    </div>
                  </Flex>
                </Card>
              </Link>
            </Col>
          );
        })}
    </Row>
  );
}

/**
 * The start page: who is signed in, where, and one click to every area. It shows no figures on
 * purpose: a number here would have to be real (from the reports area), never decoration.
 */
export function MainPage() {
  const profile = useAuth((s) => s.profile) as Profile | null;
  const current = useLocationStore((s) => s.current) as { name?: string } | null;
  // Descriptions and rules come with each item from the areas' metadata.
  const { listPage, shopPage } = useVisibleMenus();
  const now = dayjs();
  const firstName = addressName(profile?.name);

  return (
    <Flex vertical gap={24}>
      <Card variant="borderless" styles={{ body: { padding: 24 } }}>
        <Flex justify="space-between" align="flex-start" wrap gap={16}>
          <div>
            <Typography.Title level={4} style={{ margin: 0 }}>
              {greeting(now.hour())}
              {firstName ? `, ${firstName}` : ''}!
            </Typography.Title>
            <Typography.Paragraph type="secondary" style={{ margin: '4px 0 0' }}>
              {now.format('dddd, D MMMM YYYY')}
              {current?.name ? (
                <>
                  {' · '}магазин <Typography.Text strong>{current.name}</Typography.Text>
                </>
              ) : (
                ' · магазин не выбран'
              )}
              {profile?.role?.title ? ` · ${profile.role.title}` : ''}
            </Typography.Paragraph>
          </div>
          <Flex vertical align="flex-end" gap={2}>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              Обновления в реальном времени
            </Typography.Text>
            {/* Its own test id: the header's indicator keeps the unique `realtime-status`. */}
            <RealtimeStatus testId="realtime-status-main" />
          </Flex>
        </Flex>
      </Card>

      <section aria-labelledby="main-areas">
        <Typography.Title level={5} id="main-areas" style={{ marginTop: 0 }}>
          Разделы
        </Typography.Title>
        <AreaCards entries={listPage ?? []} />
      </section>

      {(shopPage ?? []).length > 0 && (
        <section aria-labelledby="shop-areas">
          <Typography.Title level={5} id="shop-areas" style={{ marginTop: 0 }}>
            Интернет-магазин
          </Typography.Title>
          <AreaCards entries={shopPage} />
        </section>
      )}
    </Flex>
  );
}
