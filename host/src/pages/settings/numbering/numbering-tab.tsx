import { NumberOutlined } from '@ant-design/icons';
import { formatDocumentNumber, numberingLimits, numberingUpdateItemSchema, type Numbering, type NumberingKind, type NumberingUpdateRequest } from '@repo/contracts';
import { api, getApiError } from '@repo/shared-core';
import { QueryError, useRule } from '@repo/ui';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Flex, Input, InputNumber, Switch, Table, Tag, Typography } from 'antd';
import { useMemo, useState } from 'react';

/** The realtime entity is `settings` (id `numbering`). */
const numberingKey = ['settings', 'numbering'] as const;

interface Draft {
  prefix: string;
  perLocation: boolean;
  /** Set only when the next number was edited: the counters stay otherwise. */
  next?: number | null;
}
type Errors = Partial<Record<NumberingKind, Partial<Record<'prefix' | 'next' | 'perLocation' | 'kind', string>>>>;

/** The request: every row, `next` only where it was edited. */
export function numberingRequest(rows: readonly Numbering[], drafts: Partial<Record<NumberingKind, Draft>>): NumberingUpdateRequest {
  return rows.map((r) => {
    const d = drafts[r.kind];
    const item: NumberingUpdateRequest[number] = { kind: r.kind, prefix: d?.prefix ?? r.prefix, perLocation: d?.perLocation ?? r.perLocation };
    if (d?.next !== undefined && d.next !== null) item.next = d.next;
    return item;
  });
}

/** The server's `errors` (`"3.next"`) onto the rows they belong to. */
export function rowErrors(rows: readonly Numbering[], errors: Record<string, string> | undefined): Errors {
  const out: Errors = {};
  for (const [path, message] of Object.entries(errors ?? {})) {
    const [index, field] = path.split('.');
    const kind = rows[Number(index)]?.kind;
    if (kind) out[kind] = { ...out[kind], [(field ?? 'kind') as 'next']: message };
  }
  return out;
}

/** Settings → «Нумерация»: prefix, next number and per-location counting of each kind of document. */
export function NumberingTab() {
  const canEdit = useRule('edit:settings');
  const qc = useQueryClient();
  const { message } = App.useApp();
  const query = useQuery({ queryKey: numberingKey, queryFn: async () => (await api.get<Numbering[]>('settings/numbering')).data });
  const [drafts, setDrafts] = useState<Partial<Record<NumberingKind, Draft>>>({});
  const [errors, setErrors] = useState<Errors>({});
  const [error, setError] = useState<string | null>(null);

  const save = useMutation({
    mutationFn: async (body: NumberingUpdateRequest) => (await api.put<Numbering[]>('settings/numbering', body, { silent: true })).data,
    onSuccess: (data) => {
      qc.setQueryData(numberingKey, data);
      setDrafts({});
      setErrors({});
      message.success('Нумерация сохранена');
    },
  });

  const rows = useMemo(() => query.data ?? [], [query.data]);
  const dirty = Object.keys(drafts).length > 0;
  const patch = (r: Numbering, p: Partial<Draft>) => {
    setDrafts((d) => ({ ...d, [r.kind]: { prefix: r.prefix, perLocation: r.perLocation, ...d[r.kind], ...p } }));
    setErrors((e) => ({ ...e, [r.kind]: undefined }));
  };

  const onSave = () => {
    setError(null);
    const body = numberingRequest(rows, drafts);
    // The contract's own rules before the round trip (prefix alphabet, next from 1).
    const local: Errors = {};
    body.forEach((item) => {
      const parsed = numberingUpdateItemSchema.safeParse(item);
      if (!parsed.success) for (const iss of parsed.error.issues) local[item.kind] = { ...local[item.kind], [String(iss.path[0])]: iss.message };
    });
    if (Object.keys(local).length) return setErrors(local);
    save.mutate(body, {
      onError: (e) => {
        const info = getApiError(e);
        const byRow = rowErrors(rows, info.errors as Record<string, string> | undefined);
        setErrors(byRow);
        if (!Object.keys(byRow).length) setError(info.message);
      },
    });
  };

  if (query.isError) return <QueryError error={query.error} onRetry={() => query.refetch()} />;

  return (
    <Flex vertical gap={16}>
      <div>
        <Typography.Title level={4} style={{ margin: 0 }}>
          <NumberOutlined style={{ marginInlineEnd: 8, color: '#8c8c8c' }} />
          Нумерация документов
        </Typography.Title>
        <Typography.Text type="secondary">Изменение действует со следующего документа. Уже выданный номер не повторяется.</Typography.Text>
      </div>
      {error && <Alert type="error" showIcon title={error} />}
      <Table<Numbering>
        rowKey="kind"
        size="middle"
        loading={query.isPending}
        dataSource={rows}
        pagination={false}
        scroll={{ x: 900 }}
        columns={[
          { title: 'Документ', dataIndex: 'label', width: 220 },
          {
            title: 'Префикс',
            key: 'prefix',
            width: 160,
            render: (_: unknown, r) => {
              const e = errors[r.kind]?.prefix;
              return (
                <div>
                  <Input
                    size="small"
                    aria-label={`Префикс: ${r.label}`}
                    value={drafts[r.kind]?.prefix ?? r.prefix}
                    maxLength={10}
                    disabled={!canEdit}
                    status={e ? 'error' : undefined}
                    onChange={(ev) => patch(r, { prefix: ev.target.value })}
                    style={{ width: 120 }}
                  />
                  {e && <Typography.Text type="danger" style={{ display: 'block', fontSize: 12 }}>{e}</Typography.Text>}
                </div>
              );
            },
          },
          {
            title: 'Следующий номер',
            key: 'next',
            width: 200,
            render: (_: unknown, r) => {
              const e = errors[r.kind]?.next;
              const edited = drafts[r.kind]?.next;
              return (
                <div>
                  <InputNumber
                    size="small"
                    aria-label={`Следующий номер: ${r.label}`}
                    min={1}
                    max={numberingLimits.nextMax}
                    precision={0}
                    value={edited ?? r.next}
                    disabled={!canEdit}
                    status={e ? 'error' : undefined}
                    onChange={(v) => patch(r, { next: v === null ? null : Number(v) })}
                    style={{ width: 130 }}
                  />
                  {e && <Typography.Text type="danger" style={{ display: 'block', fontSize: 12 }}>{e}</Typography.Text>}
                </div>
              );
            },
          },
          {
            title: 'По магазинам',
            key: 'perLocation',
            width: 130,
            render: (_: unknown, r) => (
              <Switch size="small" aria-label={`По магазинам: ${r.label}`} checked={drafts[r.kind]?.perLocation ?? r.perLocation} disabled={!canEdit} onChange={(v) => patch(r, { perLocation: v })} />
            ),
          },
          {
            title: 'Следующий документ',
            key: 'sample',
            render: (_: unknown, r) => {
              const d = drafts[r.kind];
              const prefix = d?.prefix ?? r.prefix;
              const per = d?.perLocation ?? r.perLocation;
              if (per && r.locations.length && d?.next == null) {
                return (
                  <Flex wrap gap={4}>
                    {r.locations.map((l) => (
                      <Tag key={l.locationId} style={{ marginInlineEnd: 0 }}>
                        {l.name}: {formatDocumentNumber(prefix, l.next)}
                      </Tag>
                    ))}
                  </Flex>
                );
              }
              return <Typography.Text code>{formatDocumentNumber(prefix, d?.next ?? r.next)}</Typography.Text>;
            },
          },
        ]}
      />
      {canEdit && (
        <Flex gap={8}>
          <Button type="primary" onClick={onSave} loading={save.isPending} disabled={!dirty}>
            Сохранить нумерацию
          </Button>
          {dirty && <Button onClick={() => (setDrafts({}), setErrors({}))}>Отменить изменения</Button>}
        </Flex>
      )}
    </Flex>
  );
}
