import { describe, expect, it } from 'vitest';
import { areaPath, installationPath, ropePath, ropeSettingsPath } from './hierarchy-paths';

describe('hierarchy paths', () => {
  it('links to area, installation and rope', () => {
    expect(areaPath(1)).toBe('/areas/1');
    expect(installationPath(1, 2)).toBe('/areas/1/installations/2');
    expect(ropePath(1, 2, 3)).toBe('/areas/1/installations/2/ropes/3');
    expect(ropeSettingsPath(1, 2, 3)).toBe('/areas/1/installations/2/ropes/3?settings=open');
  });
});
