import pkg from '../../package.json';
import { compareVersions, sharedCoreVersion } from '../version';

describe('sharedCoreVersion', () => {
  it('is the package.json version', () => {
    expect(sharedCoreVersion).toBe(pkg.version);
  });

  it('compares dotted versions numerically', () => {
    expect(compareVersions('0.1.0', '0.1.0')).toBe(0);
    expect(compareVersions('0.2.0', '0.10.0')).toBe(-1);
    expect(compareVersions('1.0.0', '0.9.9')).toBe(1);
    expect(compareVersions('^0.1.0', '0.1.0')).toBe(0);
    expect(compareVersions('0.1.0-abc', '0.1')).toBe(0);
  });
});
