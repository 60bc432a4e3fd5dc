import { bus } from '../../bus';
import { cookies } from '../../cookies';
import { notify } from '../../notify/notify';
import { authStore } from '../../stores/auth';
import { locationStore } from '../../stores/location';
import { backoffDelay } from '../backoff';
import { realtime, realtimeStore } from '../socket';
import { FakeSocket, clearCookies, makeLocation } from '../../__tests__/helpers';

let consoleError: jest.SpyInstance;
let notifyError: jest.SpyInstance;

beforeEach(() => {
  jest.useFakeTimers();
  clearCookies();
  FakeSocket.instances = [];
  realtime.configure({ WebSocketImpl: FakeSocket, url: undefined });
  authStore.getState().setToken('tok 1');
  locationStore.getState().setLocation(makeLocation('loc-1'));
  consoleError = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  notifyError = jest.spyOn(notify, 'error').mockImplementation(() => 'toast');
});
afterEach(() => {
  realtime.disconnect();
  realtimeStore.setState({ serverMessage: [] });
  jest.useRealTimers();
});

function connected(): FakeSocket {
  realtime.connect();
  const socket = FakeSocket.last();
  socket.serverOpen();
  return socket;
}

describe('realtime: status', () => {
  it("starts as 'Отключено'", () => {
    expect(realtimeStore.getInitialState().connectionStatus).toBe('Отключено');
  });

  it("goes Подключено on open, 'Ошибка соединения' on error, 'Соединение закрыто' on a plain close, Отключено on disconnect", () => {
    const socket = connected();
    expect(realtime.getState().connectionStatus).toBe('Подключено');
    socket.serverError();
    expect(realtime.getState().connectionStatus).toBe('Ошибка соединения');
    socket.serverClose(); // the close that follows an error keeps the more telling status
    expect(realtime.getState().connectionStatus).toBe('Ошибка соединения');

    jest.advanceTimersByTime(1000);
    const second = FakeSocket.last();
    expect(second).not.toBe(socket);
    second.serverOpen();
    second.serverClose();
    expect(realtime.getState().connectionStatus).toBe('Соединение закрыто');

    realtime.disconnect();
    expect(realtime.getState().connectionStatus).toBe('Отключено');
  });

  it('connects to ws://<host>/ws with no token in the address (the cookie signs it in), and the address can be overridden', () => {
    realtime.connect();
    expect(FakeSocket.last().url).toBe(`ws://${window.location.host}/ws`);
    expect(FakeSocket.last().url).not.toContain('tok');
    FakeSocket.last().serverOpen();
    expect(FakeSocket.last().sent).toEqual([]); // the cookie holds this token: no auth message
    realtime.disconnect();

    realtime.configure({ url: () => 'ws://example.test/socket' });
    realtime.connect();
    expect(FakeSocket.last().url).toBe('ws://example.test/socket');
  });

  it('signs in with its first message when the cookie does not hold the tab’s token', () => {
    cookies.setToken('another tab’s token');
    const socket = connected();
    expect(socket.url).toBe(`ws://${window.location.host}/ws`);
    expect(socket.sent).toEqual([{ type: 'auth', token: 'tok 1' }]);
    jest.advanceTimersByTime(2000);
    expect(socket.sent).toEqual([{ type: 'auth', token: 'tok 1' }, { type: 'greeting', locationId: 'loc-1' }]);
  });

  it('does not open a socket without a token', () => {
    authStore.getState().signOut();
    realtime.connect();
    expect(FakeSocket.instances).toHaveLength(0);
  });
});

describe('realtime: sending', () => {
  it('sends only while connected; otherwise a console error and no notification', () => {
    expect(realtime.send({ type: 'ping' })).toBe(false);
    expect(consoleError).toHaveBeenCalledTimes(1);
    expect(notifyError).not.toHaveBeenCalled();

    const socket = connected();
    expect(realtime.send({ type: 'ping' })).toBe(true);
    expect(socket.sent).toEqual([{ type: 'ping' }]);
  });

  it('sends the greeting with the current location 2000 ms after connecting, not before', () => {
    const socket = connected();
    jest.advanceTimersByTime(1999);
    expect(socket.sent).toEqual([]);
    jest.advanceTimersByTime(1);
    expect(socket.sent).toEqual([{ type: 'greeting', locationId: 'loc-1' }]);
  });

  it('drops the greeting when the socket closes before 2000 ms (no console error either)', () => {
    const socket = connected();
    socket.serverClose();
    jest.advanceTimersByTime(2000);
    expect(socket.sent).toEqual([]);
    expect(consoleError).not.toHaveBeenCalled();
  });

  it('greets again when the location changes while connected', () => {
    const socket = connected();
    locationStore.getState().setLocation(makeLocation('loc-2'));
    expect(socket.sent).toEqual([{ type: 'greeting', locationId: 'loc-2' }]);
  });
});

describe('realtime: receiving', () => {
  it('appends incoming JSON arrays to serverMessage and ignores anything else', () => {
    const socket = connected();
    socket.serverMessage([{ type: 'pong' }]);
    socket.serverMessage([{ type: 'greeting', employeeId: 'e', locationIds: [], serverTime: 'now' }]);
    socket.serverMessage({ type: 'pong' });
    socket.serverMessage('not json');
    expect(realtime.getState().serverMessage).toEqual([
      { type: 'pong' },
      { type: 'greeting', employeeId: 'e', locationIds: [], serverTime: 'now' },
    ]);
  });

  it('re-emits each realtime event item on the bus', () => {
    const onEvent = jest.fn();
    bus.on('realtime:event', onEvent);
    const socket = connected();
    const event = { type: 'created', locationId: 'loc-1', entity: 'sale', id: 's-1' };
    socket.serverMessage([{ type: 'pong' }, event]);
    expect(onEvent).toHaveBeenCalledTimes(1);
    expect(onEvent).toHaveBeenCalledWith(event);
    bus.off('realtime:event', onEvent);
  });

  it('keeps serverMessage bounded to the latest items', () => {
    realtime.configure({ maxMessages: 3 });
    const socket = connected();
    socket.serverMessage([1, 2]);
    socket.serverMessage([3, 4, 5]);
    expect(realtime.getState().serverMessage).toEqual([3, 4, 5]);
    realtime.configure({ maxMessages: 200 });
  });
});

describe('realtime: reconnecting', () => {
  it('backs off exponentially up to 30 s', () => {
    expect([0, 1, 2, 3, 4, 5, 6].map((n) => backoffDelay(n))).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000]);
  });

  it('reconnects after 1 s, 2 s, 4 s … and starts over once a connection opens', () => {
    connected().serverClose();
    expect(FakeSocket.instances).toHaveLength(1);
    jest.advanceTimersByTime(999);
    expect(FakeSocket.instances).toHaveLength(1);
    jest.advanceTimersByTime(1);
    expect(FakeSocket.instances).toHaveLength(2);

    FakeSocket.last().serverClose(); // failed attempt: the next wait doubles
    jest.advanceTimersByTime(1999);
    expect(FakeSocket.instances).toHaveLength(2);
    jest.advanceTimersByTime(1);
    expect(FakeSocket.instances).toHaveLength(3);

    FakeSocket.last().serverOpen(); // success resets the backoff
    FakeSocket.last().serverClose();
    jest.advanceTimersByTime(1000);
    expect(FakeSocket.instances).toHaveLength(4);
  });

  it('does not reconnect after disconnect() (sign-out)', () => {
    const socket = connected();
    realtime.disconnect();
    expect(socket.closedByClient).toBe(true);
    jest.advanceTimersByTime(60_000);
    expect(FakeSocket.instances).toHaveLength(1);
    expect(realtime.getState().connectionStatus).toBe('Отключено');
  });

  it('stops on close code 4401 (session gone) and says so on the bus instead of retrying', () => {
    const unauthorized = jest.fn();
    bus.on('realtime:unauthorized', unauthorized);
    connected().serverClose(4401);
    jest.advanceTimersByTime(60_000);
    expect(FakeSocket.instances).toHaveLength(1);
    expect(unauthorized).toHaveBeenCalledTimes(1);
    bus.off('realtime:unauthorized', unauthorized);
  });

  it.each([4008, 4029])('waits the longest back-off (30 s) after the server closes with %i (a limit), then tries again', (code) => {
    connected().serverClose(code);
    jest.advanceTimersByTime(29_999);
    expect(FakeSocket.instances).toHaveLength(1);
    jest.advanceTimersByTime(1);
    expect(FakeSocket.instances).toHaveLength(2);
  });

  it('opens one socket however often connect() is called', () => {
    realtime.connect();
    realtime.connect();
    expect(FakeSocket.instances).toHaveLength(1);
  });
});
