import { ArrowDownOutlined, ArrowUpOutlined } from '@ant-design/icons';
import { Card, Skeleton, Tooltip, Typography } from 'antd';
import type { ReactNode } from 'react';
import { compare, formatChange, formatFigure, type FigureKind, type Tone } from '../compare';

export interface Kpi {
  key: string;
  title: string;
  value: number | null;
  /** The same figure over the previous period; undefined: no comparison (a figure «now», like overdue orders). */
  previous?: number | null;
  kind?: FigureKind;
  tone?: Tone;
  hint?: ReactNode;
}

const colours = { good: '#389e0d', bad: '#cf1322', none: 'rgba(0, 0, 0, 0.45)' };

/**
 * The totals as cards, each with its change against the previous period of the same length: Δ in the
 * figure's unit and in %, green when it is good news and red when not (for expense-like figures «up» is
 * the bad one), the previous period and its value in a tooltip (and for screen readers).
 */
/** `previousLabel` names what the figures are compared with: «За 01.05.2026 — 31.05.2026», «На 01.05.2026». */
export function KpiCards({ items, previousLabel, loading }: { items: Kpi[]; previousLabel?: string; loading?: boolean }) {
  return (
    <div data-testid="kpi-cards" style={{ display: 'grid', gap: 12, gridTemplateColumns: 'repeat(auto-fill, minmax(155px, 1fr))', marginBottom: 16 }}>
      {items.map((k) => (
        <Card key={k.key} size="small" data-testid={`kpi-${k.key}`} styles={{ body: { padding: '10px 14px' } }}>
          <Typography.Text type="secondary" style={{ fontSize: 13 }}>
            {k.hint ? <Tooltip title={k.hint}>{k.title}</Tooltip> : k.title}
          </Typography.Text>
          {loading ? (
            <Skeleton active title={false} paragraph={{ rows: 2, width: ['80%', '60%'] }} style={{ marginTop: 6 }} />
          ) : (
            <>
              <div style={{ fontSize: 20, fontWeight: 600, lineHeight: 1.4, whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }} data-testid="kpi-figure">
                {formatFigure(k.value, k.kind ?? 'money')}
              </div>
              {k.previous !== undefined ? <ChangeLine kpi={k} previousLabel={previousLabel} /> : <div style={{ height: 20 }} />}
            </>
          )}
        </Card>
      ))}
    </div>
  );
}

function ChangeLine({ kpi, previousLabel }: { kpi: Kpi; previousLabel?: string }) {
  const kind = kpi.kind ?? 'money';
  const change = compare(kpi.value, kpi.previous, kpi.tone, kind);
  const before = `${previousLabel ?? 'За предыдущий период'}: ${formatFigure(kpi.previous ?? null, kind)}`;
  if (!change) return <div style={{ height: 20 }} />;
  const colour = change.good === null ? colours.none : change.good ? colours.good : colours.bad;
  const icon = change.direction === 'up' ? <ArrowUpOutlined /> : change.direction === 'down' ? <ArrowDownOutlined /> : null;
  return (
    <Tooltip title={before}>
      <div style={{ color: colour, fontSize: 12, lineHeight: '18px' }} data-testid="kpi-change" data-good={String(change.good)} tabIndex={0} aria-label={`${formatChange(change, kind)}. ${before}`}>
        {icon} {formatChange(change, kind)}
      </div>
    </Tooltip>
  );
}
