import WebSocket from 'ws';

/** A real WebSocket client that queues what the server sends, so a test can await the next message or the close. */
export interface TestSocket {
  ws: WebSocket;
  /** The next message (parsed JSON), or a rejection after `timeoutMs`. */
  next(timeoutMs?: number): Promise<unknown>;
  /** Resolves with the close code and reason. */
  closed: Promise<{ code: number; reason: string }>;
  send(value: unknown): void;
}

/** `options` go to `ws` as they are (e.g. `autoPong: false` for a client that never answers a heartbeat). */
export function connect(url: string, headers: Record<string, string> = {}, options: WebSocket.ClientOptions = {}): Promise<TestSocket> {
  const ws = new WebSocket(url, { ...options, headers });
  const queue: unknown[] = [];
  const waiters: Array<(value: unknown) => void> = [];
  ws.on('message', (data) => {
    const value = JSON.parse(data.toString());
    const waiter = waiters.shift();
    if (waiter) waiter(value);
    else queue.push(value);
  });
  const closed = new Promise<{ code: number; reason: string }>((resolve) => {
    ws.on('close', (code, reason) => resolve({ code, reason: reason.toString() }));
  });
  const socket: TestSocket = {
    ws,
    closed,
    send: (value) => ws.send(typeof value === 'string' ? value : JSON.stringify(value)),
    next(timeoutMs = 3000) {
      if (queue.length) return Promise.resolve(queue.shift());
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          waiters.splice(waiters.indexOf(waiter), 1);
          reject(new Error(`no message within ${timeoutMs} ms`));
        }, timeoutMs);
        const waiter = (value: unknown) => {
          clearTimeout(timer);
          resolve(value);
        };
        waiters.push(waiter);
      });
    },
  };
  return new Promise((resolve, reject) => {
    ws.once('open', () => resolve(socket));
    ws.once('unexpected-response', (_req, res) => reject(new Error(`upgrade refused: ${res.statusCode}`)));
    ws.once('error', reject);
  });
}

/** Expects no message within `ms` (used only after a later message proves delivery has happened). */
export async function expectNothingQueued(socket: TestSocket): Promise<void> {
  await expectRejects(socket.next(0));
}

async function expectRejects(p: Promise<unknown>) {
  let failed = false;
  await p.catch(() => {
    failed = true;
  });
  if (!failed) throw new Error('a message was queued');
}
