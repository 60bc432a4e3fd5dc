import { actionLabels, actions, entities, entityLabels, specialRightLabels, specialRights, type Action, type Entity, type Scope } from '@repo/contracts';
import { Button, Checkbox, Flex, Tooltip, Typography } from 'antd';
import { memo } from 'react';
import { cellScope, nextScope, rowPresets, scopeHints, scopeLabels, setCell, setRow, toggleSpecial } from './matrix';

const scopeLook: Record<Scope | 'none', { color: string; background: string; border: string }> = {
  none: { color: '#bfbfbf', background: 'transparent', border: '#f0f0f0' },
  own: { color: '#ad6800', background: '#fffbe6', border: '#ffe58f' },
  location: { color: '#1d39c4', background: '#f0f5ff', border: '#adc6ff' },
  all: { color: '#237804', background: '#f6ffed', border: '#b7eb8f' },
};

const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

interface CellProps {
  action: Action;
  entity: Entity;
  scope: Scope | null;
  disabled: boolean;
  onCycle: (action: Action, entity: Entity, scope: Scope | null) => void;
}

/** One cell: a click cycles none → свои → магазин → все → none. */
const Cell = memo(function Cell({ action, entity, scope, disabled, onCycle }: CellProps) {
  const look = scopeLook[scope ?? 'none'];
  const what = `${capitalise(actionLabels[action])} — ${entityLabels[entity]}`;
  const state = scope ? scopeLabels[scope] : 'нет';
  return (
    <Tooltip title={scope ? `${what}: ${scopeHints[scope]}` : `${what}: нет права`} mouseEnterDelay={0.4}>
      <button
        type="button"
        data-testid={`cell-${action}-${entity}`}
        data-scope={scope ?? 'none'}
        aria-label={`${what}: ${state}`}
        disabled={disabled}
        onClick={() => onCycle(action, entity, nextScope(scope))}
        style={{
          width: '100%',
          minWidth: 64,
          height: 26,
          padding: '0 6px',
          fontSize: 12,
          borderRadius: 6,
          cursor: disabled ? 'default' : 'pointer',
          color: look.color,
          background: look.background,
          border: `1px solid ${look.border}`,
          fontWeight: scope ? 500 : 400,
        }}
      >
        {scope ? scopeLabels[scope] : '—'}
      </button>
    </Tooltip>
  );
});

export interface RuleMatrixProps {
  value: readonly string[];
  onChange?: (rules: string[]) => void;
  readOnly?: boolean;
}

/**
 * The role's rules as a matrix: rows are the entities, columns the actions, each cell a scope
 * («свои» / «магазин» / «все») or none; the quick buttons set a whole row; the special rights below.
 */
export function RuleMatrix({ value, onChange, readOnly = false }: RuleMatrixProps) {
  const cycle = (action: Action, entity: Entity, scope: Scope | null) => onChange?.(setCell(value, action, entity, scope));
  const cell: React.CSSProperties = { padding: '3px 4px', borderBottom: '1px solid #f5f5f5' };
  return (
    <Flex vertical gap={16}>
      <div style={{ overflowX: 'auto' }}>
        <table style={{ borderCollapse: 'collapse', width: '100%', minWidth: 860 }} data-testid="rule-matrix">
          <thead>
            <tr>
              <th style={{ ...cell, textAlign: 'left', fontWeight: 500, position: 'sticky', left: 0, background: '#fff' }}>Раздел</th>
              {actions.map((a) => (
                <th key={a} style={{ ...cell, fontWeight: 500, fontSize: 12, color: '#595959' }}>
                  {capitalise(actionLabels[a])}
                </th>
              ))}
              {!readOnly && <th style={cell} aria-label="Быстрый выбор" />}
            </tr>
          </thead>
          <tbody>
            {entities.map((e) => (
              <tr key={e} data-testid={`row-${e}`}>
                <th scope="row" style={{ ...cell, textAlign: 'left', fontWeight: 400, whiteSpace: 'nowrap', position: 'sticky', left: 0, background: '#fff' }}>
                  {capitalise(entityLabels[e])}
                </th>
                {actions.map((a) => (
                  <td key={a} style={cell}>
                    <Cell action={a} entity={e} scope={cellScope(value, a, e)} disabled={readOnly} onCycle={cycle} />
                  </td>
                ))}
                {!readOnly && (
                  <td style={{ ...cell, whiteSpace: 'nowrap' }}>
                    {rowPresets.map((p) => (
                      <Button key={p.key} size="small" type="link" style={{ padding: '0 4px', fontSize: 12 }} onClick={() => onChange?.(setRow(value, e, p.scope))} aria-label={`${capitalise(entityLabels[e])}: ${p.label}`}>
                        {p.label}
                      </Button>
                    ))}
                  </td>
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <div>
        <Typography.Text strong>Особые права</Typography.Text>
        <Flex wrap gap="4px 24px" style={{ marginTop: 8 }}>
          {specialRights.map((r) => (
            <Checkbox key={r} checked={value.includes(r)} disabled={readOnly} onChange={(ev) => onChange?.(toggleSpecial(value, r, ev.target.checked))} data-testid={`special-${r}`}>
              {capitalise(specialRightLabels[r])}
            </Checkbox>
          ))}
        </Flex>
      </div>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        Нажатие на ячейку меняет охват: — → свои (только свои записи) → магазин (текущий магазин) → все (все магазины сотрудника).
      </Typography.Text>
    </Flex>
  );
}
