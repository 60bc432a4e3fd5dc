import { templateFilters, templateVariablesFor, type TemplateKind } from '@repo/contracts';
import { Flex, Tag, Tooltip, Typography } from 'antd';
import { variableSnippet } from '../document';

/** The variables of the kind (a click inserts `{{ name }}` at the cursor) and the filters with examples. */
export function VariablesPanel({ kind, disabled, onInsert }: { kind: TemplateKind; disabled?: boolean; onInsert: (snippet: string) => void }) {
  return (
    <Flex vertical gap={8} data-testid="variables">
      <Typography.Text type="secondary">Переменные — нажмите, чтобы вставить в шаблон:</Typography.Text>
      <Flex gap={6} wrap>
        {templateVariablesFor(kind).map((v) => (
          <Tooltip key={v.name} title={variableSnippet(v)}>
            <Tag
              role="button"
              tabIndex={disabled ? -1 : 0}
              aria-disabled={disabled}
              style={{ cursor: disabled ? 'not-allowed' : 'pointer', marginInlineEnd: 0 }}
              onMouseDown={(e) => e.preventDefault()}
              onClick={() => !disabled && onInsert(variableSnippet(v))}
              onKeyDown={(e) => {
                if (!disabled && (e.key === 'Enter' || e.key === ' ')) {
                  e.preventDefault();
                  onInsert(variableSnippet(v));
                }
              }}
            >
              {v.label} <Typography.Text type="secondary" style={{ fontSize: 11 }}>{v.name}</Typography.Text>
            </Tag>
          </Tooltip>
        ))}
      </Flex>
      <Typography.Text type="secondary">
        Фильтры:{' '}
        {templateFilters.map((f, i) => (
          <span key={f.name}>
            {i > 0 ? ' · ' : null}
            <Tooltip title={f.label}>
              <Typography.Text code>{f.example}</Typography.Text>
            </Tooltip>
          </span>
        ))}
      </Typography.Text>
    </Flex>
  );
}
