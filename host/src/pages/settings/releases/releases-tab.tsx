import { DeploymentUnitOutlined, ReloadOutlined } from '@ant-design/icons';
import { remoteAreas, type AreaReleases } from '@repo/contracts';
import { EmptyState, PageHeader, QueryState } from '@repo/ui';
import { Button, Flex } from 'antd';
import { useReleases } from './api/get-releases';
import { AreaReleasesCard } from './area-releases-card';

const neverReleased = (area: AreaReleases['area']): AreaReleases => ({
  area,
  live: null,
  lastGood: null,
  history: [],
  available: [],
  failures: [],
});

/**
 * «Версии разделов»: for each area its live version, the last good one browsers fall back to, the
 * history of releases and rollbacks, and recent load failures; one click rolls an area back.
 * Under `manage_settings` (the same rule the API checks).
 */
export function ReleasesTab() {
  const releases = useReleases();
  return (
    <Flex vertical gap={16}>
      <PageHeader
        title="Версии разделов"
        icon={<DeploymentUnitOutlined />}
        subtitle="Какая сборка каждого раздела работает у сотрудников, история выпусков и сбои загрузки"
        actions={
          <Button icon={<ReloadOutlined />} onClick={() => void releases.refetch()} loading={releases.isFetching && !releases.isPending}>
            Обновить
          </Button>
        }
      />
      <QueryState
        query={releases}
        errorTitle="Не удалось загрузить версии разделов"
        isEmpty={(data) => data.areas.length === 0}
        empty={<EmptyState description="Разделы ещё ни разу не выпускались" onRetry={releases.refetch} retrying={releases.isFetching} />}
      >
        {(data) => (
          <Flex vertical gap={16}>
            {/* Every area, in the one list of areas, even one the server has nothing about yet. */}
            {remoteAreas.map((area) => (
              <AreaReleasesCard key={area} releases={data.areas.find((a) => a.area === area) ?? neverReleased(area)} />
            ))}
          </Flex>
        )}
      </QueryState>
    </Flex>
  );
}
