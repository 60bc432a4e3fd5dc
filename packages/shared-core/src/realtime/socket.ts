import { createStore } from 'zustand/vanilla';
import { useStore } from 'zustand';
import { greetingDelayMs, realtimeCloseCodes, realtimeEventSchema, type ClientMessage } from '@repo/contracts';
import { bus } from '../bus';
import { cookies } from '../cookies';
import { authStore } from '../stores/auth';
import { locationStore } from '../stores/location';
import { backoffDelay } from './backoff';

/** Seed §4, the only four values the status takes. */
export const connectionStatuses = {
  connected: 'Подключено',
  disconnected: 'Отключено',
  error: 'Ошибка соединения',
  closed: 'Соединение закрыто',
} as const;
export type ConnectionStatus = (typeof connectionStatuses)[keyof typeof connectionStatuses];

export interface RealtimeState {
  connectionStatus: ConnectionStatus;
  serverMessage: unknown[];
}

/** The part of the browser WebSocket this module uses; tests inject a fake with the same shape. */
export interface SocketLike {
  readyState: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  onopen: ((event: unknown) => void) | null;
  onclose: ((event: unknown) => void) | null;
  onerror: ((event: unknown) => void) | null;
  onmessage: ((event: { data: unknown }) => void) | null;
}
export type WebSocketConstructor = new (url: string) => SocketLike;

export interface RealtimeOptions {
  WebSocketImpl?: WebSocketConstructor;
  /** Overrides the address (never put the token into it: addresses end up in logs). */
  url?: string | (() => string);
  greetingDelayMs?: number;
  baseBackoffMs?: number;
  maxBackoffMs?: number;
  /** How many server items `serverMessage` keeps; older ones are dropped. */
  maxMessages?: number;
}

const OPEN = 1; // WebSocket.OPEN, spelled out because an injected class may lack the static.

export const realtimeStore = createStore<RealtimeState>()(() => ({
  connectionStatus: connectionStatuses.disconnected,
  serverMessage: [],
}));

const options: Required<Omit<RealtimeOptions, 'WebSocketImpl' | 'url'>> & Pick<RealtimeOptions, 'WebSocketImpl' | 'url'> = {
  greetingDelayMs,
  baseBackoffMs: 1000,
  maxBackoffMs: 30_000,
  maxMessages: 200,
};

let socket: SocketLike | null = null;
let wanted = false; // false after disconnect(): a close we asked for must not reconnect
let attempt = 0;
let greetingTimer: ReturnType<typeof setTimeout> | undefined;
let reconnectTimer: ReturnType<typeof setTimeout> | undefined;
let offLocation: (() => void) | undefined;

const setStatus = (connectionStatus: ConnectionStatus) => realtimeStore.setState({ connectionStatus });

/**
 * `/ws` of this origin, without the token: the browser sends the `token` cookie with the handshake
 * (same origin, SameSite=Lax). When the cookie does not hold this tab's token (blocked, expired,
 * replaced by another tab's sign-in), the socket signs in with its first message instead.
 */
function defaultUrl(): string {
  const scheme = window.location.protocol === 'https:' ? 'wss' : 'ws';
  return `${scheme}://${window.location.host}/ws`;
}

/** The server closed the socket for exceeding a limit: retrying at once would only be closed again. */
const limitCloseCodes: ReadonlySet<number> = new Set([realtimeCloseCodes.tooManySockets, realtimeCloseCodes.tooManyMessages]);

function currentLocationId(): string | null {
  return locationStore.getState().current?._id ?? cookies.getLocation() ?? null;
}

function greet(): void {
  send({ type: 'greeting', locationId: currentLocationId() });
}

function clearTimers(): void {
  clearTimeout(greetingTimer);
  clearTimeout(reconnectTimer);
  greetingTimer = reconnectTimer = undefined;
}

function receive(raw: unknown): void {
  let parsed: unknown;
  try {
    parsed = JSON.parse(String(raw));
  } catch {
    return; // the server sends JSON only; anything else is noise, not an error to show
  }
  if (!Array.isArray(parsed)) return;
  const kept = [...realtimeStore.getState().serverMessage, ...parsed].slice(-options.maxMessages);
  realtimeStore.setState({ serverMessage: kept });
  for (const item of parsed) {
    const event = realtimeEventSchema.safeParse(item);
    if (event.success) bus.emit('realtime:event', event.data);
  }
}

function scheduleReconnect(longest = false): void {
  const delay = longest ? options.maxBackoffMs : backoffDelay(attempt++, options.baseBackoffMs, options.maxBackoffMs);
  reconnectTimer = setTimeout(open, delay);
}

function open(): void {
  reconnectTimer = undefined;
  const token = authStore.getState().token ?? cookies.getToken();
  const Impl = options.WebSocketImpl ?? (globalThis.WebSocket as unknown as WebSocketConstructor | undefined);
  // Without a token the server closes an anonymous socket at once; trying would only spin.
  if (!wanted || !token || !Impl) return;
  const url = typeof options.url === 'function' ? options.url() : (options.url ?? defaultUrl());
  const ws = new Impl(url);
  socket = ws;
  ws.onopen = () => {
    if (socket !== ws) return;
    attempt = 0;
    if (cookies.getToken() !== token) ws.send(JSON.stringify({ type: 'auth', token } satisfies ClientMessage));
    setStatus(connectionStatuses.connected);
    greetingTimer = setTimeout(greet, options.greetingDelayMs);
  };
  ws.onmessage = (event) => {
    if (socket === ws) receive(event.data);
  };
  ws.onerror = () => {
    if (socket === ws) setStatus(connectionStatuses.error);
  };
  ws.onclose = (event) => {
    if (socket !== ws) return;
    socket = null;
    clearTimeout(greetingTimer);
    // Keep 'Ошибка соединения' when the close follows an error: it says more than "closed".
    if (realtimeStore.getState().connectionStatus !== connectionStatuses.error) setStatus(connectionStatuses.closed);
    // 4401: the session was revoked or expired. Reconnecting would only be refused again; the
    // client signs out exactly as on a 403 `unauthenticated` from the API.
    if ((event as { code?: number } | null)?.code === realtimeCloseCodes.unauthorized) {
      wanted = false;
      bus.emit('realtime:unauthorized');
      return;
    }
    // 4008 (too many sockets for this session) and 4029 (too many messages): wait the longest back-off.
    const code = (event as { code?: number } | null)?.code;
    if (wanted) scheduleReconnect(code !== undefined && limitCloseCodes.has(code));
  };
}

/** Opens the connection (no-op when one is open or opening). */
export function connect(): void {
  wanted = true;
  if (socket || reconnectTimer) return;
  attempt = 0;
  // A location switch re-greets so the server scopes events to the new shop straight away.
  offLocation ??= (() => {
    const handler = () => {
      if (socket?.readyState === OPEN) greet();
    };
    bus.on('location:changed', handler);
    return () => bus.off('location:changed', handler);
  })();
  open();
}

/** Closes on purpose (sign-out): no reconnect. */
export function disconnect(): void {
  wanted = false;
  clearTimers();
  offLocation?.();
  offLocation = undefined;
  const ws = socket;
  socket = null;
  ws?.close(1000, 'client disconnect');
  setStatus(connectionStatuses.disconnected);
}

/** Sends only while connected; otherwise a console error and no notification (seed §8). */
export function send(message: ClientMessage | Record<string, unknown>): boolean {
  if (!socket || socket.readyState !== OPEN) {
    console.error('Realtime: нет соединения, сообщение не отправлено', message);
    return false;
  }
  socket.send(JSON.stringify(message));
  return true;
}

export function configure(next: RealtimeOptions): void {
  Object.assign(options, next);
}

export const realtime = {
  connect,
  disconnect,
  send,
  configure,
  getState: realtimeStore.getState,
  subscribe: realtimeStore.subscribe,
};

export function useRealtime(): RealtimeState;
export function useRealtime<T>(selector: (state: RealtimeState) => T): T;
export function useRealtime<T>(selector?: (state: RealtimeState) => T) {
  return useStore(realtimeStore, selector ?? ((s: RealtimeState) => s as unknown as T));
}
