import { PlusOutlined } from '@ant-design/icons';
import type { Employee } from '@repo/contracts';
import { Can, DataTable, DateCell, defineTableParams, useTableParams, type ColumnDrop } from '@repo/ui';
import { Button, Flex, Input, Segmented, Select, Typography } from 'antd';
import { Link, useNavigate } from 'react-router-dom';
import { showPhone } from '../../clients/components/balance';
import { useEmployees, useLocations, useRoles } from '../api';
import { EmployeeState } from '../components/employee-state';
import { PeopleTabs, employeeUrl } from '../components/people-tabs';

const spec = defineTableParams({ filters: { search: 'string', roleId: 'string', locationId: 'string', state: 'string' }, pageSize: 50 });

const states = [
  { value: 'active', label: 'Активные' },
  { value: 'blocked', label: 'Заблокированные' },
  { value: 'all', label: 'Все' },
] as const;

/** At 1024 px the last visit gives way (the name keeps its room), narrower the locations; below 620 the list scrolls inside itself. */
const columnDrops: ColumnDrop[] = [
  { below: 1000, keys: ['lastSeen'] },
  { below: 720, keys: ['locations'] },
];
const minTableWidth = 620;

/** `/profileworker`: the company's employees, searched by name or phone, filtered by role, location and state (in the URL). */
export function EmployeesPage() {
  const table = useTableParams(spec);
  const f = table.params.filters;
  const navigate = useNavigate();
  const state = (f.state ?? 'active') as (typeof states)[number]['value'];
  const roles = useRoles();
  const locations = useLocations();
  const query = useEmployees({
    page: table.params.page,
    pageSize: table.params.pageSize,
    search: f.search,
    roleId: f.roleId,
    locationId: f.locationId,
    active: state === 'all' ? undefined : state === 'active' ? 'true' : 'false',
  });
  const filtered = !!(f.search || f.roleId || f.locationId || state !== 'active');
  const locationName = new Map((locations.data ?? []).map((l) => [l.id, l.name]));

  return (
    <>
      <PeopleTabs />
      <Flex gap={8} wrap align="center" style={{ marginBottom: 12 }}>
        <Input.Search
          allowClear
          placeholder="Имя или телефон"
          defaultValue={f.search}
          onSearch={(v) => table.setParams({ filters: { search: v.trim() || undefined } })}
          style={{ width: 240 }}
          aria-label="Поиск сотрудника"
        />
        <Select
          allowClear
          placeholder="Роль"
          value={f.roleId}
          onChange={(v: string | undefined) => table.setParams({ filters: { roleId: v } })}
          options={(roles.data ?? []).map((r) => ({ value: r.id, label: r.name }))}
          loading={roles.isPending}
          style={{ width: 170 }}
          aria-label="Роль"
        />
        <Select
          allowClear
          placeholder="Магазин"
          value={f.locationId}
          onChange={(v: string | undefined) => table.setParams({ filters: { locationId: v } })}
          options={(locations.data ?? []).map((l) => ({ value: l.id, label: l.name }))}
          loading={locations.isPending}
          style={{ width: 190 }}
          aria-label="Магазин"
        />
        <Segmented
          aria-label="Состояние"
          value={state}
          onChange={(v) => table.setParams({ filters: { state: v === 'active' ? undefined : String(v) } })}
          options={states.map((s) => ({ value: s.value, label: s.label }))}
        />
        <Flex gap={8} align="center" style={{ marginInlineStart: 'auto' }}>
          {query.data ? <Typography.Text type="secondary">{query.data.total} в списке</Typography.Text> : null}
          <Can rule="create:employee">
            <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate(employeeUrl('new'))}>
              Добавить сотрудника
            </Button>
          </Can>
        </Flex>
      </Flex>
      <div data-testid="employees-table">
        <DataTable
          rowKey="id"
          table={table}
          query={query}
          size="small"
          tableLayout="fixed"
          fit={{ drops: columnDrops, minWidth: minTableWidth }}
          emptyText={filtered ? 'Никого не нашли: измените поиск или фильтры' : 'Сотрудников пока нет: добавьте первого'}
          onRow={(e: Employee) => ({ onDoubleClick: () => navigate(employeeUrl(e.id)) })}
          columns={[
            {
              key: 'name',
              title: 'Сотрудник',
              ellipsis: true,
              render: (_, e: Employee) => (
                <>
                  <Link to={employeeUrl(e.id)}>{e.name}</Link>
                  {e.position ? (
                    <div>
                      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                        {e.position}
                      </Typography.Text>
                    </div>
                  ) : null}
                </>
              ),
            },
            { key: 'phone', title: 'Телефон', width: 155, render: (_, e: Employee) => <span style={{ whiteSpace: 'nowrap' }}>{showPhone(e.phone)}</span> },
            { key: 'role', title: 'Роль', width: 130, ellipsis: true, render: (_, e: Employee) => e.role.title },
            {
              key: 'locations',
              title: 'Магазины',
              width: 190,
              ellipsis: true,
              render: (_, e: Employee) => {
                const text = e.allLocations ? 'Все магазины' : e.locationIds.map((id) => locationName.get(id) ?? '…').join(', ') || '—';
                return <span title={text}>{text}</span>;
              },
            },
            { key: 'state', title: 'Состояние', width: 130, render: (_, e: Employee) => <EmployeeState employee={e} /> },
            {
              key: 'lastSeen',
              title: 'Был в системе',
              width: 135,
              render: (_, e: Employee) => (e.lastSeenAt ? <DateCell value={e.lastSeenAt} time /> : <Typography.Text type="secondary">не входил</Typography.Text>),
            },
          ]}
        />
      </div>
    </>
  );
}
