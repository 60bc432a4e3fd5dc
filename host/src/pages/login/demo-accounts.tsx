import { Collapse, Typography } from 'antd';

/** The seeded demo employees (team brief); the password is shared so a demo can start in seconds. */
export const demoAccounts = [
  { role: 'Владелец', phone: '+7 (900) 000-00-01', note: 'все магазины' },
  { role: 'Менеджер', phone: '+7 (900) 000-00-02', note: 'все магазины' },
  { role: 'Инженер', phone: '+7 (900) 000-00-03', note: 'два магазина' },
  { role: 'Кассир', phone: '+7 (900) 000-00-04', note: 'один магазин' },
] as const;
export const demoPassword = 'demo1234';

/** A folded hint under the form; a click on an account fills the form instead of retyping it. */
export function DemoAccounts({ onPick }: { onPick: (phone: string, password: string) => void }) {
  return (
    <Collapse
      ghost
      size="small"
      style={{ marginTop: 8 }}
      items={[
        {
          key: 'demo',
          label: <Typography.Text type="secondary">Демо-доступ</Typography.Text>,
          children: (
            <div>
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                Пароль для всех: <Typography.Text code>{demoPassword}</Typography.Text>
              </Typography.Text>
              <ul style={{ listStyle: 'none', padding: 0, margin: '8px 0 0' }}>
                {demoAccounts.map((a) => (
                  <li key={a.phone}>
                    <Typography.Link
                      onClick={() => onPick(a.phone, demoPassword)}
                      style={{ display: 'flex', justifyContent: 'space-between', padding: '4px 0', fontSize: 13 }}
                    >
                      <span>
                        {a.role} <Typography.Text type="secondary">· {a.note}</Typography.Text>
                      </span>
                      <span style={{ fontVariantNumeric: 'tabular-nums' }}>{a.phone}</span>
                    </Typography.Link>
                  </li>
                ))}
              </ul>
            </div>
          ),
        },
      ]}
    />
  );
}
