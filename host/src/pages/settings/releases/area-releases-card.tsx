import { RollbackOutlined } from '@ant-design/icons';
import type { AreaReleases, Release, ReleaseFailure } from '@repo/contracts';
import { notify } from '@repo/shared-core';
import { DateCell } from '@repo/ui';
import { Button, Card, Descriptions, Flex, Popconfirm, Table, Tag, Tooltip, Typography } from 'antd';
import { useActivateRelease } from './api/activate-release';
import { useAreaTitle } from './use-area-titles';

/** What «Откатить» goes back to, as `pnpm rollback` does: the newest release that is not live and is still on disk. */
export function rollbackTarget(r: AreaReleases): Release | undefined {
  return r.history.find((h) => h.version !== r.live && r.available.includes(h.version));
}

const shortCommit = (commit: string | null) => (commit ? commit.slice(0, 7) : null);

function VersionTag({ version, color }: { version: string | null; color?: string }) {
  return version ? <Tag color={color} style={{ fontFamily: 'monospace' }}>{version}</Tag> : <Typography.Text type="secondary">нет</Typography.Text>;
}

/** One area: its live and last good versions, «Откатить», the history and the recent load failures. */
export function AreaReleasesCard({ releases }: { releases: AreaReleases }) {
  const title = useAreaTitle()(releases.area);
  const activate = useActivateRelease();
  const target = rollbackTarget(releases);
  const pendingVersion = activate.isPending ? activate.variables?.version : undefined;

  const makeLive = (version: string, what: 'rollback' | 'activate') =>
    activate.mutateAsync(
      { area: releases.area, version },
      {
        onSuccess: () =>
          notify.success(
            what === 'rollback' ? `Раздел «${title}» откачен на версию ${version}` : `Раздел «${title}»: рабочая версия ${version}`,
          ),
      },
    );

  const rollback = target ? (
    <Popconfirm
      title={`Откатить раздел «${title}»?`}
      description={
        <>
          Рабочей станет версия {target.version}.<br />
          Открытые вкладки получат предложение обновить раздел.
        </>
      }
      okText="Откатить"
      cancelText="Отмена"
      onConfirm={() => makeLive(target.version, 'rollback').catch(() => undefined)}
    >
      <Button icon={<RollbackOutlined />} danger loading={pendingVersion === target.version}>
        Откатить
      </Button>
    </Popconfirm>
  ) : (
    <Tooltip title="Нет предыдущей версии на сервере">
      <Button icon={<RollbackOutlined />} disabled>
        Откатить
      </Button>
    </Tooltip>
  );

  return (
    <Card
      variant="borderless"
      title={
        <Flex gap={8} align="baseline" wrap>
          <span>{title}</span>
          <Typography.Text type="secondary" style={{ fontWeight: 'normal', fontSize: 13 }}>
            {releases.area}
          </Typography.Text>
        </Flex>
      }
      extra={rollback}
      data-testid={`area-releases-${releases.area}`}
    >
      <Descriptions
        size="small"
        column={{ xs: 1, md: 3 }}
        items={[
          { key: 'live', label: 'Рабочая версия', children: <VersionTag version={releases.live} color="green" /> },
          { key: 'lastGood', label: 'Последняя исправная', children: <VersionTag version={releases.lastGood} /> },
          {
            key: 'failures',
            label: 'Сбои загрузки',
            children: releases.failures.length ? <Tag color="red">{releases.failures.length}</Tag> : 'нет',
          },
        ]}
      />
      <Typography.Title level={5} style={{ marginTop: 16 }}>
        История
      </Typography.Title>
      <Table<Release>
        size="small"
        rowKey={(r) => `${r.version}@${r.activatedAt}`}
        dataSource={releases.history}
        pagination={releases.history.length > 10 ? { pageSize: 10, size: 'small' } : false}
        locale={{ emptyText: 'Раздел ещё не выпускался' }}
        scroll={{ x: 'max-content' }}
        columns={[
          {
            key: 'version',
            title: 'Версия',
            render: (_, r) => (
              <Flex gap={4} wrap align="center">
                <Typography.Text code>{r.version}</Typography.Text>
                {r.version === releases.live && <Tag color="green">рабочая</Tag>}
                {r.version === releases.lastGood && r.version !== releases.live && <Tag>исправная</Tag>}
              </Flex>
            ),
          },
          {
            key: 'commit',
            title: 'Коммит',
            render: (_, r) => (shortCommit(r.commit) ? <Typography.Text code title={r.commit ?? undefined}>{shortCommit(r.commit)}</Typography.Text> : '—'),
          },
          { key: 'who', title: 'Кто', render: (_, r) => r.releasedBy ?? '—' },
          { key: 'when', title: 'Когда', render: (_, r) => <DateCell value={r.activatedAt} time /> },
          {
            key: 'failures',
            title: 'Сбои',
            align: 'right',
            render: (_, r) => (r.failures ? <Tag color="red" style={{ marginInlineEnd: 0 }}>{r.failures}</Tag> : 0),
          },
          {
            key: 'action',
            title: '',
            align: 'right',
            render: (_, r) => {
              if (r.version === releases.live) return null;
              if (!releases.available.includes(r.version)) {
                return <Typography.Text type="secondary">сборки нет на сервере</Typography.Text>;
              }
              return (
                <Popconfirm
                  title={`Сделать версию ${r.version} рабочей?`}
                  description={`Раздел «${title}» переключится на неё у всех сотрудников.`}
                  okText="Сделать активной"
                  cancelText="Отмена"
                  onConfirm={() => makeLive(r.version, 'activate').catch(() => undefined)}
                >
                  <Button size="small" loading={pendingVersion === r.version}>
                    Сделать активной
                  </Button>
                </Popconfirm>
              );
            },
          },
        ]}
      />
      {releases.failures.length > 0 && (
        <>
          <Typography.Title level={5} style={{ marginTop: 16 }}>
            Последние сбои загрузки
          </Typography.Title>
          <Table<ReleaseFailure>
            size="small"
            rowKey={(f) => `${f.version}@${f.at}@${f.employeeName ?? ''}`}
            dataSource={releases.failures}
            pagination={releases.failures.length > 5 ? { pageSize: 5, size: 'small' } : false}
            scroll={{ x: 'max-content' }}
            columns={[
              { key: 'at', title: 'Когда', render: (_, f) => <DateCell value={f.at} time /> },
              { key: 'version', title: 'Версия', render: (_, f) => <Typography.Text code>{f.version}</Typography.Text> },
              { key: 'who', title: 'У кого', render: (_, f) => f.employeeName ?? '—' },
              { key: 'message', title: 'Что случилось', render: (_, f) => <Typography.Text type="danger">{f.message}</Typography.Text> },
            ]}
          />
        </>
      )}
    </Card>
  );
}
