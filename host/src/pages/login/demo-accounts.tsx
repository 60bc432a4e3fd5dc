import { theme } from 'antd';

/** The seeded demo employees (team brief); the password is shared so a demo can start in seconds. */
export const demoAccounts = [
  { role: 'Владелец', phone: '+7 (900) 000-00-01', note: 'все магазины' },
  { role: 'Менеджер', phone: '+7 (900) 000-00-02', note: 'все магазины' },
  { role: 'Инженер', phone: '+7 (900) 000-00-03', note: 'два магазина' },
  { role: 'Кассир', phone: '+7 (900) 000-00-04', note: 'один магазин' },
] as const;
export const demoPassword = 'demo1234';

/**
 * A folded hint under the form; a click on an account fills the form instead of retyping it.
 * A native <details> (keyboard and screen readers for free) instead of antd Collapse, which the
 * sign-in page would otherwise download for this one hint.
 */
export function DemoAccounts({ onPick }: { onPick: (phone: string, password: string) => void }) {
  const { token } = theme.useToken();
  const secondary = { color: token.colorTextSecondary };
  return (
    <details style={{ marginTop: 16, fontSize: 14 }}>
      <summary style={{ ...secondary, cursor: 'pointer', padding: '4px 0' }}>Демо-доступ</summary>
      <div style={{ padding: '4px 0 0 16px' }}>
        <span style={{ ...secondary, fontSize: 12 }}>
          Пароль для всех:{' '}
          <code style={{ padding: '0 4px', background: token.colorFillTertiary, borderRadius: 4 }}>{demoPassword}</code>
        </span>
        <ul style={{ listStyle: 'none', padding: 0, margin: '8px 0 0' }}>
          {demoAccounts.map((a) => (
            <li key={a.phone}>
              <button
                type="button"
                onClick={() => onPick(a.phone, demoPassword)}
                style={{
                  font: 'inherit',
                  display: 'flex',
                  width: '100%',
                  justifyContent: 'space-between',
                  padding: '4px 0',
                  fontSize: 13,
                  border: 0,
                  background: 'none',
                  cursor: 'pointer',
                  color: token.colorLink,
                  textAlign: 'left',
                }}
              >
                <span>
                  {a.role} <span style={secondary}>· {a.note}</span>
                </span>
                <span style={{ fontVariantNumeric: 'tabular-nums' }}>{a.phone}</span>
              </button>
            </li>
          ))}
        </ul>
      </div>
    </details>
  );
}
