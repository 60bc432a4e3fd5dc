import { Flex, Input, Tag, Typography } from 'antd';
import { useState } from 'react';

/**
 * Serial numbers of a line: type or scan one and press Enter (a scanner sends the Enter itself); a
 * pasted list splits on spaces, commas and new lines; a repeat is ignored. The field keeps its own
 * scans (`data-scan-own`): the page's product scanner leaves them alone.
 */
export function SerialsInput({ value, onChange, label, expected, invalid }: { value: string[]; onChange: (v: string[]) => void; label: string; expected?: number; invalid?: boolean }) {
  const [text, setText] = useState('');
  const add = (raw: string) => {
    const next = [...value];
    for (const s of raw.split(/[\s,;]+/).map((x) => x.trim()).filter(Boolean)) if (!next.includes(s)) next.push(s);
    onChange(next);
    setText('');
  };
  return (
    <div data-scan-own>
      <Input
        size="small"
        value={text}
        status={invalid ? 'error' : undefined}
        placeholder={expected !== undefined ? `Серийный номер (${value.length} из ${expected}) и Enter` : 'Серийный номер и Enter'}
        aria-label={label}
        onChange={(e) => setText(e.target.value)}
        onPressEnter={(e) => {
          e.preventDefault();
          add(text);
        }}
        onPaste={(e) => {
          const pasted = e.clipboardData.getData('text');
          if (/[\s,;]/.test(pasted.trim())) {
            e.preventDefault();
            add(pasted);
          }
        }}
        style={{ maxWidth: 260 }}
      />
      {value.length ? (
        <Flex wrap gap={4} style={{ marginTop: 4 }}>
          {value.map((s) => (
            <Tag key={s} closable onClose={() => onChange(value.filter((x) => x !== s))} style={{ marginInlineEnd: 0 }}>
              <Typography.Text style={{ fontSize: 12 }}>{s}</Typography.Text>
            </Tag>
          ))}
        </Flex>
      ) : null}
    </div>
  );
}
