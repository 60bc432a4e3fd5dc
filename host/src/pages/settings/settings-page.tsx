import { PlusOutlined, ShopOutlined } from '@ant-design/icons';
import type { Location } from '@repo/contracts';
import { getApiError } from '@repo/shared-core';
import { useRule } from '@repo/ui';
import { Button, Card, Col, Empty, Flex, Result, Row, Skeleton, Tabs, Typography } from 'antd';
import { useSearchParams } from 'react-router-dom';
import { useLocations } from '../../app/api/get-locations';
import { AuditJournal } from './audit/audit-journal';
import { LocationCard } from './location-card';
import { LocationFormDrawer } from './location-form-drawer';
import { ReleasesTab } from './releases/releases-tab';
import { BackupsTab } from './backups/backups-tab';
import { WarehousesTab } from './warehouses/warehouses-tab';
import { CashboxesTab } from './cashboxes/cashboxes-tab';
import { OrderStatusesTab } from './order-statuses/order-statuses-tab';
import { RolesTab } from './roles/roles-tab';
import { CompanyTab } from './company/company-tab';
import { NumberingTab } from './numbering/numbering-tab';
import { useLocationRights } from './use-location-rights';

/** `?location=new` or `?location=<id>`: an open form has its own URL, so it can be sent to a colleague. */
const PARAM = 'location';

/** `?tab=audit` / `?tab=releases`: the open tab is in the URL too, so a link to the journal opens the journal. */
const TAB = 'tab';
const LOCATIONS = 'locations';
const AUDIT = 'audit';
const RELEASES = 'releases';
const WAREHOUSES = 'warehouses';
const CASHBOXES = 'cashboxes';
const ORDER_STATUSES = 'order-statuses';
const BACKUPS = 'backups';
const ROLES = 'roles';
const COMPANY = 'company';
const NUMBERING = 'numbering';

/**
 * «Настройки магазина»: the locations; the company's details («Реквизиты») and document numbering («Нумерация»,
 * `view:settings`, edited with `edit:settings`); the roles («Роли», `view:role`); their warehouses («Склады»), cashboxes («Кассы») and the repair orders' statuses
 * («Статусы заказов», `manage_settings`); the journal of
 * changes for roles with `view:audit`; the areas' versions («Версии разделов») and the backups («Резервные копии»)
 * for roles with `manage_settings`.
 */
export function SettingsPage() {
  const canViewAudit = useRule('view:audit');
  const canManageReleases = useRule('manage_settings');
  const canViewRoles = useRule('view:role');
  const canViewSettings = useRule('view:settings');
  const [params, setParams] = useSearchParams();

  const tabs = [
    { key: LOCATIONS, label: 'Магазины', children: <LocationsTab /> },
    ...(canViewSettings ? [{ key: COMPANY, label: 'Реквизиты', children: <CompanyTab /> }] : []),
    ...(canViewRoles ? [{ key: ROLES, label: 'Роли', children: <RolesTab /> }] : []),
    ...(canViewSettings ? [{ key: NUMBERING, label: 'Нумерация', children: <NumberingTab /> }] : []),
    ...(canManageReleases ? [{ key: WAREHOUSES, label: 'Склады', children: <WarehousesTab /> }] : []),
    ...(canManageReleases ? [{ key: CASHBOXES, label: 'Кассы', children: <CashboxesTab /> }] : []),
    ...(canManageReleases ? [{ key: ORDER_STATUSES, label: 'Статусы заказов', children: <OrderStatusesTab /> }] : []),
    ...(canViewAudit ? [{ key: AUDIT, label: 'Журнал изменений', children: <AuditJournal /> }] : []),
    ...(canManageReleases ? [{ key: RELEASES, label: 'Версии разделов', children: <ReleasesTab /> }] : []),
    ...(canManageReleases ? [{ key: BACKUPS, label: 'Резервные копии', children: <BackupsTab /> }] : []),
  ];
  // Without the rights there is nothing to switch between; a shared `?tab=…` link simply lands on the shops.
  if (tabs.length === 1) return <LocationsTab />;

  const requested = params.get(TAB);
  const active = tabs.some((t) => t.key === requested) ? (requested as string) : LOCATIONS;
  const onTab = (key: string) =>
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        if (key === LOCATIONS) next.delete(TAB);
        else next.set(TAB, key);
        return next;
      },
      { replace: true },
    );
  return <Tabs activeKey={active} onChange={onTab} items={tabs} />;
}

/** The company's locations, their contacts, hours and photos. */
function LocationsTab() {
  const { canCreate, canEdit, canDelete } = useLocationRights();
  const locations = useLocations();
  const [params, setParams] = useSearchParams();
  const formParam = params.get(PARAM);

  const openForm = (id: string) =>
    setParams((p) => {
      const next = new URLSearchParams(p);
      next.set(PARAM, id);
      return next;
    });
  const closeForm = () =>
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        next.delete(PARAM);
        return next;
      },
      { replace: true },
    );

  const editing: Location | null =
    formParam && formParam !== 'new' ? (locations.data?.find((l) => l._id === formParam) ?? null) : null;
  const formOpen = (formParam === 'new' && canCreate) || (Boolean(editing) && canEdit);

  const createButton = canCreate && (
    <Button type="primary" icon={<PlusOutlined />} onClick={() => openForm('new')}>
      Добавить магазин
    </Button>
  );

  let body;
  if (locations.isPending) {
    body = (
      <Row gutter={[16, 16]}>
        {[0, 1].map((i) => (
          <Col key={i} xs={24} xl={12}>
            <Card variant="borderless">
              <Skeleton active paragraph={{ rows: 4 }} />
            </Card>
          </Col>
        ))}
      </Row>
    );
  } else if (locations.isError) {
    body = (
      <Card variant="borderless">
        <Result
          status="error"
          title="Не удалось загрузить магазины"
          subTitle={getApiError(locations.error).message}
          extra={
            <Button type="primary" onClick={() => locations.refetch()} loading={locations.isFetching}>
              Повторить
            </Button>
          }
        />
      </Card>
    );
  } else if (locations.data.length === 0) {
    body = (
      <Card variant="borderless">
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="Магазинов пока нет">
          {createButton}
        </Empty>
      </Card>
    );
  } else {
    body = (
      <Row gutter={[16, 16]}>
        {locations.data.map((l) => (
          <Col key={l._id} xs={24} xl={12} xxl={8}>
            <LocationCard location={l} canEdit={canEdit} canDelete={canDelete} onEdit={() => openForm(l._id)} />
          </Col>
        ))}
      </Row>
    );
  }

  return (
    <Flex vertical gap={16}>
      <Flex justify="space-between" align="center" wrap gap={12}>
        <div>
          <Typography.Title level={4} style={{ margin: 0 }}>
            <ShopOutlined style={{ marginInlineEnd: 8, color: '#8c8c8c' }} />
            Магазины
          </Typography.Title>
          <Typography.Text type="secondary">
            Точки продаж и сервисные центры: адреса, телефоны, часы работы и фотографии
          </Typography.Text>
        </div>
        {/* The empty state carries its own button; one is enough. */}
        {locations.data?.length !== 0 && createButton}
      </Flex>
      {body}
      <LocationFormDrawer open={formOpen} location={editing} onClose={closeForm} />
    </Flex>
  );
}
