import MockAdapter from 'axios-mock-adapter';
import { api } from '../../api/instance';
import { bus } from '../../bus';
import { notify } from '../../notify/notify';
import { locationStore, setShopHeader } from '../location';
import { clearCookies, cookieValue, makeLocation } from '../../__tests__/helpers';

let mock: MockAdapter;
let error: jest.SpyInstance;

beforeEach(() => {
  clearCookies();
  locationStore.getState().reset();
  mock = new MockAdapter(api);
  error = jest.spyOn(notify, 'error').mockImplementation(() => 'toast');
});
afterEach(() => mock.restore());

describe('location store: setLocation', () => {
  it('stores the location, writes the location cookie and the Shop header, and announces the change', () => {
    const changed = jest.fn();
    bus.on('location:changed', changed);
    const loc = makeLocation('loc-1');

    expect(locationStore.getState().setLocation(loc)).toBe(true);

    expect(locationStore.getState().current).toEqual(loc);
    expect(cookieValue('location')).toBe('loc-1');
    expect(api.defaults.headers.common.Shop).toBe('loc-1');
    expect(changed).toHaveBeenCalledWith(loc);
    expect(error).not.toHaveBeenCalled();
    bus.off('location:changed', changed);
  });

  it.each([[{ name: 'Без идентификатора' }], [{ _id: '' }], [null], [undefined]])(
    'refuses %p with "Отсутствует ID магазина" and changes nothing',
    (input) => {
      locationStore.getState().setLocation(makeLocation('loc-1'));
      error.mockClear();

      expect(locationStore.getState().setLocation(input as never)).toBe(false);

      expect(error).toHaveBeenCalledWith('Отсутствует ID магазина');
      expect(locationStore.getState().current?._id).toBe('loc-1');
      expect(cookieValue('location')).toBe('loc-1');
      expect(api.defaults.headers.common.Shop).toBe('loc-1');
    },
  );

  it('an empty Shop header value gives "Ошибка установки локации" and nothing is written', () => {
    expect(setShopHeader('')).toBe(false);
    expect(error).toHaveBeenLastCalledWith('Ошибка установки локации');

    expect(locationStore.getState().setLocation({ _id: '   ' })).toBe(false);
    expect(error).toHaveBeenLastCalledWith('Ошибка установки локации');
    expect(cookieValue('location')).toBeUndefined();
    expect(api.defaults.headers.common.Shop).toBeUndefined();
    expect(locationStore.getState().current).toBeNull();
  });

  it('re-setting the same location keeps the fields it already knew and does not announce a change', () => {
    const changed = jest.fn();
    bus.on('location:changed', changed);
    locationStore.getState().setLocation(makeLocation('loc-1', 'Центральный'));
    locationStore.getState().setLocation({ _id: 'loc-1', name: 'Центральный' });
    expect(locationStore.getState().current?.address).toBe('ул. Ленина, 1');
    expect(changed).toHaveBeenCalledTimes(1);
    bus.off('location:changed', changed);
  });
});

describe('location store: list', () => {
  it('holds the list on the client and upgrades a profile stub to the full row', () => {
    locationStore.getState().setLocation({ _id: 'loc-2', id: 'loc-2', name: 'Второй' });
    const list = [makeLocation('loc-1'), makeLocation('loc-2', 'Второй')];
    locationStore.getState().setList(list);
    expect(locationStore.getState().list).toEqual(list);
    expect(locationStore.getState().current).toEqual(list[1]);
  });
});

describe('location store: getCurrentLocation', () => {
  it('returns false without a call when there is no id and no cookie', async () => {
    await expect(locationStore.getState().getCurrentLocation()).resolves.toBe(false);
    await expect(locationStore.getState().getCurrentLocation('')).resolves.toBe(false);
    expect(mock.history.get).toHaveLength(0);
  });

  it('GETs location/current/{id}, then sets and returns the location', async () => {
    const loc = makeLocation('loc-7');
    mock.onGet('location/current/loc-7').reply(200, loc);
    await expect(locationStore.getState().getCurrentLocation('loc-7')).resolves.toEqual(loc);
    expect(mock.history.get.map((r) => r.url)).toEqual(['location/current/loc-7']);
    expect(locationStore.getState().current).toEqual(loc);
    expect(cookieValue('location')).toBe('loc-7');
  });

  it('falls back to the location cookie when no id is given', async () => {
    document.cookie = 'location=loc-3; path=/';
    mock.onGet('location/current/loc-3').reply(200, makeLocation('loc-3'));
    await expect(locationStore.getState().getCurrentLocation()).resolves.toMatchObject({ _id: 'loc-3' });
  });

  it('answers false when the server refuses (403 forbidden), leaving the current location alone', async () => {
    locationStore.getState().setLocation(makeLocation('loc-1'));
    mock.onGet('location/current/loc-9').reply(403, { message: 'Нет доступа к выбранному магазину', code: 'forbidden' });
    await expect(locationStore.getState().getCurrentLocation('loc-9')).resolves.toBe(false);
    expect(locationStore.getState().current?._id).toBe('loc-1');
  });
});
