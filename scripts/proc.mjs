// Small helpers for the start and dev scripts: spawn with prefixed output, stop children on exit.
import { spawn } from 'node:child_process';

const children = new Set();
const colors = [36, 35, 33, 32, 34, 31];
let colorIndex = 0;

export function run(name, command, args, options = {}) {
  const color = colors[colorIndex++ % colors.length];
  const prefix = process.stdout.isTTY ? `\x1b[${color}m[${name}]\x1b[0m ` : `[${name}] `;
  const child = spawn(command, args, { ...options, stdio: ['ignore', 'pipe', 'pipe'] });
  children.add(child);
  const pipe = (stream, out) => {
    let buf = '';
    stream.on('data', (chunk) => {
      buf += chunk;
      const lines = buf.split('\n');
      buf = lines.pop();
      for (const line of lines) out.write(`${prefix}${line}\n`);
    });
    stream.on('end', () => buf && out.write(`${prefix}${buf}\n`));
  };
  pipe(child.stdout, process.stdout);
  pipe(child.stderr, process.stderr);
  child.on('exit', () => children.delete(child));
  return child;
}

export function stopAll(signal = 'SIGTERM') {
  for (const child of children) child.kill(signal);
}

let stopping = false;
export function onShutdown(fn = () => {}) {
  const handler = (signal) => {
    if (stopping) return;
    stopping = true;
    fn(signal);
    stopAll(signal);
    // Give the server time to close the embedded database cleanly.
    setTimeout(() => process.exit(0), 12_000).unref();
  };
  process.on('SIGINT', handler);
  process.on('SIGTERM', handler);
}

export async function waitForHttp(url, { timeoutMs = 120_000, isAlive = () => true } = {}) {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    if (!isAlive()) return false;
    try {
      const res = await fetch(url);
      if (res.ok) return true;
    } catch {
      // Not listening yet.
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  return false;
}

export const demoAccounts = [
  ['Владелец', '+7 900 000-00-01', 'все магазины'],
  ['Управляющий', '+7 900 000-00-02', 'все магазины'],
  ['Инженер', '+7 900 000-00-03', 'первые два магазина'],
  ['Кассир', '+7 900 000-00-04', 'только первый магазин, без смены магазина'],
];

export function printBanner(url, { title = 'Бэк-офис запущен', storefront = true } = {}) {
  const lines = [
    '',
    `  ${title}: ${url}`,
    ...(storefront ? [`  Витрина интернет-магазина (без входа): ${url}/storefront`] : []),
    '',
    '  Демо-учётные записи (пароль demo1234):',
    ...demoAccounts.map(([role, phone, scope]) => `    ${role.padEnd(12)} ${phone}   ${scope}`),
    '',
    '  Остановить: Ctrl+C',
    '',
  ];
  console.log(lines.join('\n'));
}
