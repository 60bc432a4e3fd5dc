import type { Location, Profile } from '@repo/contracts';

/** Removes every cookie jsdom holds for the test origin. */
export function clearCookies(): void {
  for (const pair of document.cookie.split(';')) {
    const name = pair.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  }
}

export function cookieValue(name: string): string | undefined {
  const hit = document.cookie.split('; ').find((pair) => pair.startsWith(`${name}=`));
  return hit ? decodeURIComponent(hit.slice(name.length + 1)) : undefined;
}

export function makeLocation(id: string, name = `Магазин ${id}`): Location {
  return {
    _id: id,
    id,
    name,
    address: 'ул. Ленина, 1',
    phone: null,
    workingHours: null,
    images: [],
    createdAt: '2024-01-01T00:00:00.000Z',
    updatedAt: '2024-01-01T00:00:00.000Z',
  };
}

export function makeProfile(rules: string[], location: Profile['location'] = { id: 'loc-1', name: 'Центральный' }): Profile {
  return {
    id: 'emp-1',
    name: 'Иван Кассиров',
    phone: '+79000000004',
    position: null,
    location,
    locations: location ? [location] : [],
    role: { id: 'role-1', name: 'cashier', title: 'Кассир', rules },
  };
}

/** A WebSocket stand-in the test drives by hand: open, message, error and close come from the test. */
export class FakeSocket {
  static instances: FakeSocket[] = [];
  static last(): FakeSocket {
    const socket = FakeSocket.instances[FakeSocket.instances.length - 1];
    if (!socket) throw new Error('no socket was created');
    return socket;
  }
  readyState = 0;
  sent: unknown[] = [];
  closedByClient = false;
  onopen: ((event: unknown) => void) | null = null;
  onclose: ((event: unknown) => void) | null = null;
  onerror: ((event: unknown) => void) | null = null;
  onmessage: ((event: { data: unknown }) => void) | null = null;
  constructor(public url: string) {
    FakeSocket.instances.push(this);
  }
  send(data: string): void {
    this.sent.push(JSON.parse(data));
  }
  close(): void {
    this.closedByClient = true;
    this.readyState = 3;
    this.onclose?.({ code: 1000 });
  }
  serverOpen(): void {
    this.readyState = 1;
    this.onopen?.({});
  }
  serverMessage(data: unknown): void {
    this.onmessage?.({ data: typeof data === 'string' ? data : JSON.stringify(data) });
  }
  serverError(): void {
    this.onerror?.({});
  }
  serverClose(code = 1006): void {
    this.readyState = 3;
    this.onclose?.({ code });
  }
}
