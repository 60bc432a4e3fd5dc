import Cookies from 'js-cookie';
import { cookieAttributes, cookies } from '../cookies';

describe('cookies', () => {
  it('are SameSite=Lax on the whole site, and Secure exactly when the page is https', () => {
    expect(cookieAttributes(30, 'https:')).toEqual({ path: '/', sameSite: 'lax', secure: true, expires: 30 });
    expect(cookieAttributes(30, 'http:')).toEqual({ path: '/', sameSite: 'lax', secure: false, expires: 30 });
  });

  it('sets the token and the location with those attributes', () => {
    const set = jest.spyOn(Cookies, 'set');
    cookies.setToken('t');
    cookies.setLocation('l');
    expect(set).toHaveBeenCalledWith('token', 't', expect.objectContaining({ sameSite: 'lax', path: '/' }));
    expect(set).toHaveBeenCalledWith('location', 'l', expect.objectContaining({ sameSite: 'lax', path: '/' }));
    set.mockRestore();
    cookies.removeToken();
    cookies.removeLocation();
  });
});
