import { AppstoreOutlined, PlusOutlined, UnorderedListOutlined } from '@ant-design/icons';
import { taskPriorities, taskPriorityLabels, taskStatuses, taskStatusLabels } from '@repo/contracts';
import { Can } from '@repo/ui';
import { Button, Checkbox, Flex, Input, Segmented, Select, Typography } from 'antd';
import { isFiltered, type TaskFilters } from '../filters';
import { useAssigneeOptions } from './assignee-options';

/** The filters of the list and the board, the view switch and «Новая задача». */
export function TaskToolbar({
  filters,
  onChange,
  view,
  onView,
  onCreate,
  total,
}: {
  filters: TaskFilters;
  onChange: (change: Partial<TaskFilters>) => void;
  view: 'list' | 'board';
  onView: (view: 'list' | 'board') => void;
  onCreate: () => void;
  total?: number;
}) {
  const assignees = useAssigneeOptions();
  return (
    <Flex vertical gap={8} style={{ marginBottom: 12 }}>
      <Flex gap={8} wrap align="center">
        <Segmented
          value={view}
          onChange={(v) => onView(v as 'list' | 'board')}
          options={[
            { value: 'list', label: 'Список', icon: <UnorderedListOutlined /> },
            { value: 'board', label: 'Доска', icon: <AppstoreOutlined /> },
          ]}
          aria-label="Вид"
        />
        <Input.Search
          allowClear
          placeholder="Название или описание"
          key={filters.q ?? ''}
          defaultValue={filters.q}
          onSearch={(v) => onChange({ q: v.trim() || undefined })}
          style={{ width: 260 }}
          aria-label="Поиск задачи"
        />
        <Checkbox checked={filters.mine} onChange={(e) => onChange({ mine: e.target.checked, assigneeId: e.target.checked ? undefined : filters.assigneeId })}>
          Мои
        </Checkbox>
        <Checkbox checked={filters.overdue} onChange={(e) => onChange({ overdue: e.target.checked })}>
          Просроченные
        </Checkbox>
        <Flex gap={8} align="center" style={{ marginInlineStart: 'auto' }}>
          {total !== undefined ? <Typography.Text type="secondary">{total} в списке</Typography.Text> : null}
          <Can rule="create:task">
            <Button type="primary" icon={<PlusOutlined />} onClick={onCreate}>
              Новая задача
            </Button>
          </Can>
        </Flex>
      </Flex>
      <Flex gap={8} wrap align="center">
        <Select
          allowClear
          showSearch
          optionFilterProp="label"
          placeholder="Исполнитель"
          value={filters.assigneeId}
          disabled={filters.mine}
          onChange={(v: string | undefined) => onChange({ assigneeId: v })}
          options={assignees}
          style={{ width: 220 }}
          aria-label="Исполнитель"
        />
        <Select
          mode="multiple"
          allowClear
          placeholder="Статус"
          value={filters.status}
          onChange={(v) => onChange({ status: v })}
          options={taskStatuses.map((s) => ({ value: s, label: taskStatusLabels[s] }))}
          style={{ minWidth: 200 }}
          maxTagCount="responsive"
          aria-label="Статус"
        />
        <Select
          mode="multiple"
          allowClear
          placeholder="Приоритет"
          value={filters.priority}
          onChange={(v) => onChange({ priority: v })}
          options={taskPriorities.map((p) => ({ value: p, label: taskPriorityLabels[p] }))}
          style={{ minWidth: 200 }}
          maxTagCount="responsive"
          aria-label="Приоритет"
        />
        {isFiltered(filters) ? (
          <Button type="link" onClick={() => onChange({ mine: false, overdue: false, status: [], priority: [], assigneeId: undefined, q: undefined })}>
            Сбросить фильтры
          </Button>
        ) : null}
      </Flex>
    </Flex>
  );
}
