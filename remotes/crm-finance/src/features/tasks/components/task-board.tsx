import {
  DndContext,
  KeyboardSensor,
  PointerSensor,
  pointerWithin,
  rectIntersection,
  useDraggable,
  useDroppable,
  useSensor,
  useSensors,
  type CollisionDetection,
  type DragEndEvent,
  type KeyboardCoordinateGetter,
} from '@dnd-kit/core';
import { taskStatuses, taskStatusLabels, type Task, type TaskPage, type TaskStatus } from '@repo/contracts';
import { QueryError } from '@repo/ui';
import { Badge, Card, Empty, Flex, Skeleton, Typography } from 'antd';
import { DueText, PriorityTag, TaskLinkLabel } from './task-tags';

/** Space lifts and drops, Enter drops too (and on a card at rest opens it), Escape cancels. */
const keyboardCodes = { start: ['Space'], cancel: ['Escape'], end: ['Space', 'Enter'] };

/** The pointer's column first; the keyboard (no pointer) moves the card's rectangle into the next column. */
const collision: CollisionDetection = (args) => {
  const hits = pointerWithin(args);
  return hits.length ? hits : rectIntersection(args);
};

/**
 * Arrow keys jump a lifted card a whole column left or right (dnd-kit's default moves it 25 px a press),
 * so Space, → , Space moves a task to the next status.
 */
export const columnJump: KeyboardCoordinateGetter = (event, { currentCoordinates, context }) => {
  if (event.code !== 'ArrowRight' && event.code !== 'ArrowLeft') return undefined;
  event.preventDefault();
  const rects = [...context.droppableRects.entries()].sort(([, a], [, b]) => a.left - b.left);
  const rect = context.collisionRect;
  if (!rect || rects.length === 0) return undefined;
  const centre = rect.left + rect.width / 2;
  let index = rects.findIndex(([, r]) => centre >= r.left && centre <= r.left + r.width);
  if (index < 0) index = 0;
  const target = rects[index + (event.code === 'ArrowRight' ? 1 : -1)];
  if (!target) return undefined;
  const [, r] = target;
  return { x: currentCoordinates.x + (r.left + r.width / 2 - centre), y: currentCoordinates.y };
};

function TaskCard({ task, movable, onOpen }: { task: Task; movable: boolean; onOpen: (id: string) => void }) {
  const { attributes, listeners, setNodeRef, transform, isDragging } = useDraggable({ id: task.id, data: { task }, disabled: !movable });
  return (
    <div
      ref={setNodeRef}
      {...listeners}
      {...attributes}
      aria-roledescription="Перетаскиваемая задача"
      aria-label={`${task.title}: ${taskStatusLabels[task.status]}`}
      data-testid={`task-card-${task.id}`}
      data-title={task.title}
      style={{
        transform: transform ? `translate(${transform.x}px, ${transform.y}px)` : undefined,
        opacity: isDragging ? 0.7 : 1,
        zIndex: isDragging ? 10 : undefined,
        position: 'relative',
        cursor: movable ? 'grab' : 'pointer',
        borderRadius: 8,
      }}
      onKeyDown={(e) => {
        // Enter opens the card; Space lifts it (dnd-kit's keyboard sensor, started only by Space here).
        if (e.key === 'Enter' && !isDragging) {
          onOpen(task.id);
          return;
        }
        listeners?.onKeyDown?.(e);
      }}
    >
      <Card
        size="small"
        hoverable
        onClick={() => onOpen(task.id)}
        style={{ borderColor: task.overdue ? 'var(--ant-color-error, #ff4d4f)' : undefined }}
        styles={{ body: { padding: 10 } }}
      >
        <Typography.Paragraph strong style={{ marginBottom: 4 }} ellipsis={{ rows: 2, tooltip: task.title }}>
          {task.title}
        </Typography.Paragraph>
        {task.link ? (
          <div style={{ fontSize: 12, marginBottom: 4 }}>
            <TaskLinkLabel link={task.link} onClick={(e) => e.stopPropagation()} />
          </div>
        ) : null}
        <Flex justify="space-between" align="center" gap={6} wrap>
          <Typography.Text type="secondary" style={{ fontSize: 12, minWidth: 0 }} ellipsis={{ tooltip: task.assigneeName }}>
            {task.assigneeName}
          </Typography.Text>
          <PriorityTag value={task.priority} />
        </Flex>
        <div style={{ marginTop: 2 }}>
          <DueText task={task} small />
        </div>
      </Card>
    </div>
  );
}

function Column({ status, items, canMove, onOpen }: { status: TaskStatus; items: Task[]; canMove: (t: Task) => boolean; onOpen: (id: string) => void }) {
  const { setNodeRef, isOver } = useDroppable({ id: status });
  return (
    <section
      ref={setNodeRef}
      aria-label={taskStatusLabels[status]}
      data-testid={`task-column-${status}`}
      style={{
        flex: '1 1 0',
        minWidth: 220,
        minHeight: 320,
        background: isOver ? 'var(--ant-color-primary-bg, #e6f4ff)' : 'var(--ant-color-fill-quaternary, #fafafa)',
        borderRadius: 8,
        padding: 8,
        transition: 'background 0.15s',
      }}
    >
      <Flex justify="space-between" align="center" style={{ padding: '2px 4px 8px' }}>
        <Typography.Text strong>{taskStatusLabels[status]}</Typography.Text>
        <Badge count={items.length} showZero color="#8c8c8c" overflowCount={999} />
      </Flex>
      <Flex vertical gap={8}>
        {items.map((t) => (
          <TaskCard key={t.id} task={t} movable={canMove(t)} onOpen={onOpen} />
        ))}
        {items.length === 0 ? <Typography.Text type="secondary" style={{ padding: 8, fontSize: 12 }}>Нет задач</Typography.Text> : null}
      </Flex>
    </section>
  );
}

/** Tasks by status; dropping a card on another column changes its status (`onMove`, optimistic in the caller). */
export function TaskBoard({
  query,
  statuses = taskStatuses,
  onMove,
  onOpen,
  canMove,
  filtered,
}: {
  query: { data?: TaskPage; isPending: boolean; isError: boolean; error: unknown; refetch: () => unknown };
  statuses?: readonly TaskStatus[];
  onMove: (task: Task, status: TaskStatus) => unknown;
  onOpen: (id: string) => void;
  canMove: (t: Task) => boolean;
  filtered: boolean;
}) {
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 6 } }), useSensor(KeyboardSensor, { coordinateGetter: columnJump, keyboardCodes }));
  if (query.isError) return <QueryError error={query.error} onRetry={() => void query.refetch()} />;
  if (query.isPending || !query.data) return <Skeleton active paragraph={{ rows: 8 }} />;
  const page = query.data;
  if (page.items.length === 0) return <Empty description={filtered ? 'Задач с такими условиями нет' : 'Задач пока нет'} />;

  function end(event: DragEndEvent) {
    const task = (event.active.data.current as { task: Task } | undefined)?.task;
    const status = event.over?.id as TaskStatus | undefined;
    if (!task || !status || status === task.status) return;
    void onMove(task, status);
  }

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={collision}
      onDragEnd={end}
      accessibility={{
        screenReaderInstructions: { draggable: 'Пробел — взять задачу, стрелки влево и вправо — сменить колонку, пробел — положить, Escape — отменить.' },
        announcements: {
          onDragStart: ({ active }) => `Задача взята: ${(active.data.current as { task: Task }).task.title}`,
          onDragOver: ({ over }) => (over ? `Над колонкой «${taskStatusLabels[over.id as TaskStatus]}»` : 'Вне колонок'),
          onDragEnd: ({ over }) => (over ? `Задача перенесена в «${taskStatusLabels[over.id as TaskStatus]}»` : 'Задача осталась на месте'),
          onDragCancel: () => 'Перенос отменён',
        },
      }}
    >
      <Flex gap={12} align="stretch" style={{ overflowX: 'auto', paddingBottom: 8 }}>
        {statuses.map((s) => (
          <Column key={s} status={s} items={page.items.filter((t) => t.status === s)} canMove={canMove} onOpen={onOpen} />
        ))}
      </Flex>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        Перетащите карточку в другую колонку, чтобы сменить статус (с клавиатуры: пробел, стрелки, пробел).
        {page.total > page.items.length ? ` Показаны ${page.items.length} из ${page.total}: уточните фильтры.` : ''}
      </Typography.Text>
    </DndContext>
  );
}
