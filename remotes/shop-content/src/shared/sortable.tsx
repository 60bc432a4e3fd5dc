import { HolderOutlined } from '@ant-design/icons';
import { closestCenter, DndContext, KeyboardSensor, PointerSensor, useSensor, useSensors, type Announcements, type DragEndEvent } from '@dnd-kit/core';
import { rectSortingStrategy, SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { createContext, useContext, useMemo, type CSSProperties, type HTMLAttributes, type ReactNode } from 'react';

/**
 * Drag-and-drop ordering of one list (dnd-kit), the same way on every screen of the area: a drag handle
 * («Перетащить») on each row or card; with the keyboard Tab to the handle, Space (or Enter) to lift, the
 * arrows to move, Space to drop, Escape to cancel. `onMove(activeId, overId)` gets the drop; the caller
 * computes the new order (`movedIds`) and saves it (`useReorder`).
 */
export function SortableList({
  ids,
  onMove,
  layout = 'vertical',
  label = 'запись',
  names,
  children,
}: {
  ids: readonly string[];
  onMove: (activeId: string, overId: string) => unknown;
  /** `grid` for cards that wrap onto several lines. */
  layout?: 'vertical' | 'grid';
  /** What a row is, for the screen reader («слайд», «товар»). */
  label?: string;
  /** A readable name per id for the announcements. */
  names?: (id: string) => string | undefined;
  children: ReactNode;
}) {
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 4 } }), useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }));
  const name = (id: string | number) => names?.(String(id)) ?? label;
  const place = (id: string | number) => ids.indexOf(String(id)) + 1;
  const announcements: Announcements = {
    onDragStart: ({ active }) => `Взято: ${name(active.id)}, место ${place(active.id)} из ${ids.length}`,
    onDragOver: ({ active, over }) => (over ? `${name(active.id)}: место ${place(over.id)} из ${ids.length}` : `${name(active.id)}: вне списка`),
    onDragEnd: ({ active, over }) => (over ? `${name(active.id)}: поставлено на место ${place(over.id)}` : `${name(active.id)}: осталось на месте`),
    onDragCancel: ({ active }) => `${name(active.id)}: перенос отменён`,
  };
  function end(event: DragEndEvent) {
    const over = event.over?.id;
    if (over === undefined || over === event.active.id) return;
    void onMove(String(event.active.id), String(over));
  }
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={end}
      accessibility={{
        announcements,
        screenReaderInstructions: { draggable: 'Пробел — взять, стрелки — переместить, пробел — поставить, Escape — отменить.' },
      }}
    >
      <SortableContext items={ids as string[]} strategy={layout === 'grid' ? rectSortingStrategy : verticalListSortingStrategy}>
        {children}
      </SortableContext>
    </DndContext>
  );
}

interface HandleProps {
  attributes: HTMLAttributes<HTMLElement>;
  listeners: Record<string, unknown> | undefined;
  bindHandle: (el: HTMLElement | null) => void;
  disabled: boolean;
}

const HandleContext = createContext<HandleProps | null>(null);

/** One sortable row or card: the node's ref and style, and the handle's props (passed down by context). */
export function useSortableItem(id: string, disabled = false) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id, disabled });
  const style: CSSProperties = {
    transform: CSS.Translate.toString(transform),
    transition,
    position: 'relative',
    zIndex: isDragging ? 10 : undefined,
    opacity: isDragging ? 0.85 : undefined,
    boxShadow: isDragging ? '0 6px 16px rgba(0,0,0,0.12)' : undefined,
  };
  const handle = useMemo<HandleProps>(
    () => ({ attributes: attributes as unknown as HTMLAttributes<HTMLElement>, listeners, bindHandle: setActivatorNodeRef, disabled }),
    [attributes, listeners, setActivatorNodeRef, disabled],
  );
  return { setNodeRef, style, isDragging, handle };
}

/** Gives a row's handle its drag props: wrap the row's content, or pass `handle` to `DragHandle`. */
export function HandleProvider({ value, children }: { value: HandleProps; children: ReactNode }) {
  return <HandleContext.Provider value={value}>{children}</HandleContext.Provider>;
}

/** The drag handle: a real button (Tab reaches it), named «Перетащить»; hidden when the list cannot be ordered. */
export function DragHandle({ handle, hidden }: { handle?: HandleProps; hidden?: boolean }) {
  const fromContext = useContext(HandleContext);
  const props = handle ?? fromContext;
  if (!props || hidden || props.disabled) return null;
  const { attributes, listeners, bindHandle } = props;
  return (
    <button
      type="button"
      ref={bindHandle}
      {...attributes}
      {...(listeners as HTMLAttributes<HTMLButtonElement>)}
      aria-label="Перетащить"
      aria-roledescription="перетаскиваемый элемент"
      title="Перетащите, чтобы изменить порядок (с клавиатуры: пробел, стрелки, пробел)"
      className="shop-drag-handle"
      style={{
        cursor: 'grab',
        border: 'none',
        background: 'transparent',
        padding: '4px 2px',
        color: '#8c8c8c',
        display: 'inline-flex',
        alignItems: 'center',
        touchAction: 'none',
        borderRadius: 4,
        fontSize: 16,
      }}
    >
      <HolderOutlined />
    </button>
  );
}

/**
 * A sortable row of an antd Table: `components={{ body: { row: SortableRow } }}` and
 * `onRow={(r) => ({ 'data-sortable-disabled': !canOrder } as never)}`; the handle column renders `<DragHandle />`.
 */
export function SortableRow(props: HTMLAttributes<HTMLTableRowElement> & { 'data-row-key'?: string; 'data-sortable-disabled'?: boolean }) {
  const { 'data-sortable-disabled': disabled, ...rest } = props;
  const id = String(props['data-row-key'] ?? '');
  const { setNodeRef, style, handle } = useSortableItem(id, !!disabled || !id);
  return (
    <HandleProvider value={handle}>
      <tr {...rest} ref={setNodeRef} style={{ ...props.style, ...style, ...(style.zIndex ? { background: '#fff', display: 'table-row' } : {}) }} />
    </HandleProvider>
  );
}
