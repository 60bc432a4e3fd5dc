import pkg from '../../package.json';
import { uiVersion } from '../version';

it('uiVersion is the package version', () => {
  expect(uiVersion).toBe(pkg.version);
});
