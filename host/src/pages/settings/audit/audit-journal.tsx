import { HistoryOutlined } from '@ant-design/icons';
import type { AuditEntry, AuditQuery } from '@repo/contracts';
import { dayjs, getApiError, useAuth } from '@repo/shared-core';
import { Button, Card, Empty, Flex, Result, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useAuditPage } from './api/get-audit-page';
import { AuditFilters, noFilters, type AuditFilterValues } from './audit-filters';
import { actionTags, actorName, entityName } from './audit-labels';
import { AuditDetails, AuditSummary } from './audit-summary';

const pageSizes = [20, 50, 100];

// Seconds matter here: a save and the sign-in before it often share the same minute.
const fmt = (iso: string) => dayjs(iso).format('DD.MM.YYYY HH:mm:ss');

const columns: TableColumnsType<AuditEntry> = [
  { title: 'Дата и время', dataIndex: 'createdAt', key: 'createdAt', render: fmt, width: 165 },
  {
    title: 'Сотрудник',
    key: 'employee',
    width: 210,
    render: (_, e) =>
      e.employeeName ? actorName(e) : <Typography.Text type="secondary">{actorName(e)}</Typography.Text>,
  },
  {
    title: 'Действие',
    dataIndex: 'action',
    key: 'action',
    width: 140,
    render: (a: AuditEntry['action']) => <Tag color={actionTags[a].color}>{actionTags[a].label}</Tag>,
  },
  { title: 'Объект', dataIndex: 'entity', key: 'entity', width: 140, render: entityName },
  { title: 'Изменения', key: 'changes', render: (_, e) => <AuditSummary entry={e} /> },
];

/**
 * «Журнал изменений»: who changed what and when, newest first, paged by the server.
 * A date range means whole local days: the server would read bare dates as UTC days.
 */
export function AuditJournal() {
  const profileId = useAuth((s) => s.profile?.id);
  const [filters, setFilters] = useState<AuditFilterValues>(noFilters);
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(pageSizes[0]);

  const query: AuditQuery = {
    page,
    pageSize,
    entity: filters.entity,
    employeeId: filters.mine ? profileId : undefined,
    from: filters.range?.[0].startOf('day').toISOString(),
    to: filters.range?.[1].endOf('day').toISOString(),
  };
  const audit = useAuditPage(query);

  // Another filter means another result set: page 3 of the old one means nothing there.
  const changeFilters = (next: AuditFilterValues) => {
    setFilters(next);
    setPage(1);
  };

  const body = audit.isError ? (
    <Result
      status="error"
      title="Не удалось загрузить журнал"
      subTitle={getApiError(audit.error).message}
      extra={
        <Button type="primary" onClick={() => audit.refetch()} loading={audit.isFetching}>
          Повторить
        </Button>
      }
    />
  ) : (
    <Table<AuditEntry>
      rowKey="id"
      size="middle"
      columns={columns}
      dataSource={audit.data?.items ?? []}
      loading={audit.isPending || audit.isPlaceholderData}
      expandable={{ expandedRowRender: (e) => <AuditDetails entry={e} /> }}
      scroll={{ x: 960 }}
      locale={{
        // Nothing while the first page loads, so «Записей нет» never flashes before the rows.
        // «Сбросить фильтры» sits in the filter bar already; a second one here would only repeat it.
        emptyText: audit.isPending ? null : <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="Записей нет" />,
      }}
      pagination={{
        current: page,
        pageSize,
        total: audit.data?.total ?? 0,
        showSizeChanger: true,
        pageSizeOptions: pageSizes,
        showTotal: (total) => `Всего записей: ${total}`,
        onChange: (nextPage, nextSize) => {
          setPage(nextSize !== pageSize ? 1 : nextPage);
          setPageSize(nextSize);
        },
      }}
    />
  );

  return (
    <Flex vertical gap={16}>
      <div>
        <Typography.Title level={4} style={{ margin: 0 }}>
          <HistoryOutlined style={{ marginInlineEnd: 8, color: '#8c8c8c' }} />
          Журнал изменений
        </Typography.Title>
        <Typography.Text type="secondary">Кто, когда и что изменил; входы и выходы сотрудников</Typography.Text>
      </div>
      <Card variant="borderless">
        <Flex vertical gap={16}>
          <AuditFilters value={filters} onChange={changeFilters} />
          {body}
        </Flex>
      </Card>
    </Flex>
  );
}
