import type { AuditEntry } from '@repo/contracts';
import { Flex, Typography } from 'antd';
import { fieldName } from './audit-labels';

const MAX_VALUE = 80;
const MAX_LINES = 4;
const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const isEmpty = (v: unknown) => v === null || v === undefined || v === '';

function formatBytes(n: number): string {
  if (n < 1024) return `${n} Б`;
  if (n < 1024 * 1024) return `${(n / 1024).toFixed(1).replace('.', ',')} КБ`;
  return `${(n / 1024 / 1024).toFixed(1).replace('.', ',')} МБ`;
}

/** A diff value as a person reads it: «—» for nothing, «да/нет», lists joined, objects as JSON. */
export function formatValue(field: string, v: unknown): string {
  if (isEmpty(v)) return '—';
  if (typeof v === 'boolean') return v ? 'да' : 'нет';
  if (field === 'size' && typeof v === 'number') return formatBytes(v);
  if (Array.isArray(v)) {
    return v.every((x) => typeof x !== 'object' || x === null) ? v.join(', ') || '—' : `${v.length} шт.`;
  }
  return typeof v === 'object' ? JSON.stringify(v) : String(v);
}

const clip = (s: string) => (s.length > MAX_VALUE ? `${s.slice(0, MAX_VALUE - 1)}…` : s);

export interface ChangeLine {
  label: string;
  /** Present for «было → стало»; absent when the line only states a value. */
  before?: string;
  after: string;
}

/** «Название: А → Б», unclipped: the tooltip and the tests read this. */
export const lineText = (l: ChangeLine) => `${l.label}: ${l.before !== undefined ? `${l.before} → ` : ''}${l.after}`;

/**
 * «поле: было → стало» for updates; the created (or deleted) values for creates (deletes), empty
 * fields left out. Bare ids (a session, the parent shop) tell a person nothing: they stay in the JSON.
 */
export function changeLines(entry: Pick<AuditEntry, 'entity' | 'action' | 'diff'>): ChangeLine[] {
  const out: ChangeLine[] = [];
  for (const [field, change] of Object.entries(entry.diff ?? {})) {
    const { before, after } = change;
    if ([before, after].some((v) => typeof v === 'string' && uuid.test(v))) continue;
    const label = fieldName(entry.entity, field);
    const both = 'before' in change && 'after' in change;
    if (both && (entry.action === 'update' || !isEmpty(before))) {
      out.push({ label, before: formatValue(field, before), after: formatValue(field, after) });
    } else {
      const value = 'after' in change ? after : before;
      if (!isEmpty(value)) out.push({ label, after: formatValue(field, value) });
    }
  }
  return out;
}

// A short value (a phone, hours, a name) stays on one line; only long ones such as addresses wrap.
const Value = ({ v }: { v: string }) => <span style={{ whiteSpace: v.length <= 32 ? 'nowrap' : 'normal' }}>{clip(v)}</span>;

/** The «Изменения» cell: a few lines, field names muted so the values stand out; the expanded row has everything. */
export function AuditSummary({ entry }: { entry: AuditEntry }) {
  const lines = changeLines(entry);
  if (lines.length === 0) return <Typography.Text type="secondary">—</Typography.Text>;
  return (
    <Flex vertical gap={2}>
      {lines.slice(0, MAX_LINES).map((l) => (
        <div key={l.label} data-testid="audit-change" title={[l.before ?? '', l.after].some((v) => v.length > MAX_VALUE) ? lineText(l) : undefined} style={{ overflowWrap: 'anywhere' }}>
          <Typography.Text type="secondary">{l.label}:</Typography.Text>{' '}
          {l.before !== undefined && (
            <>
              <Value v={l.before} /> <Typography.Text type="secondary">→</Typography.Text>{' '}
            </>
          )}
          <Value v={l.after} />
        </div>
      ))}
      {lines.length > MAX_LINES && (
        <Typography.Text type="secondary">ещё {lines.length - MAX_LINES} — разверните строку</Typography.Text>
      )}
    </Flex>
  );
}

// Ids are copied into a search or a ticket, so they are copyable and never broken across lines.
function Fact({ label, value }: { label: string; value: string | null }) {
  return (
    <span style={{ whiteSpace: 'nowrap' }}>
      <Typography.Text type="secondary">{label}: </Typography.Text>
      {value ? <Typography.Text copyable>{value}</Typography.Text> : '—'}
    </span>
  );
}

/** The expanded row: ids and address for an investigation, and the diff exactly as stored. */
export function AuditDetails({ entry }: { entry: AuditEntry }) {
  return (
    <Flex vertical gap={12}>
      <Flex wrap gap="4px 32px">
        <Fact label="ID объекта" value={entry.entityId} />
        <Fact label="ID магазина" value={entry.locationId} />
        <Fact label="IP-адрес" value={entry.ip} />
      </Flex>
      {entry.diff ? (
        <pre
          data-testid="audit-diff-json"
          style={{ margin: 0, padding: 12, background: '#fafafa', borderRadius: 6, fontSize: 12, whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}
        >
          {JSON.stringify(entry.diff, null, 2)}
        </pre>
      ) : (
        <Typography.Text type="secondary">Изменений полей нет</Typography.Text>
      )}
    </Flex>
  );
}
