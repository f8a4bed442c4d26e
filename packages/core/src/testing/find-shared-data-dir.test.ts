import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { findSharedDataDir, SHARED_DATA_FILES } from './find-shared-data-dir';

const sandbox = mkdtempSync(join(tmpdir(), 'acm-shared-data-'));
afterAll(() => rmSync(sandbox, { recursive: true, force: true }));

/** `<sandbox>/<name>/repo/packages/core` with the data at `<sandbox>/<name>/<dataAt>`. */
function layout(
  name: string,
  dataAt: string,
): { repo: string; data: string; deep: string } {
  const root = join(sandbox, name);
  const repo = join(root, 'repo');
  const deep = join(repo, 'packages', 'core');
  const data = join(root, dataAt);
  mkdirSync(deep, { recursive: true });
  mkdirSync(data, { recursive: true });
  writeFileSync(join(data, SHARED_DATA_FILES.tau), '');
  return { repo, data, deep };
}

describe('findSharedDataDir', () => {
  it('should find the real shared data beside or inside the repository', () => {
    const directory = findSharedDataDir({ env: {} });
    expect(directory.endsWith(join('shared', 'data'))).toBe(true);
  });

  it('should find shared/data beside the repository when walking up from a package', () => {
    const { data, deep } = layout('beside', 'shared/data');
    expect(findSharedDataDir({ cwd: deep, env: {} })).toBe(data);
  });

  it('should find shared/data inside the repository', () => {
    const { repo, deep } = layout('inside', 'repo/shared/data');
    expect(findSharedDataDir({ cwd: deep, env: {} })).toBe(
      join(repo, 'shared', 'data'),
    );
  });

  it('should walk up from the from path when the working folder has no data', () => {
    const { data, deep } = layout('from', 'shared/data');
    const lonely = join(sandbox, 'lonely');
    mkdirSync(lonely, { recursive: true });
    const file = join(deep, 'some.test.ts');
    writeFileSync(file, '');
    expect(findSharedDataDir({ cwd: lonely, from: file, env: {} })).toBe(data);
  });

  it('should skip a shared/data folder that holds no dataset file', () => {
    const { data, deep } = layout('empty-decoy', 'shared/data');
    mkdirSync(join(deep, 'shared', 'data'), { recursive: true });
    expect(findSharedDataDir({ cwd: deep, env: {} })).toBe(data);
  });

  it('should prefer ACM_SHARED_DATA', () => {
    const { data } = layout('env', 'elsewhere/datasets');
    expect(
      findSharedDataDir({ cwd: sandbox, env: { ACM_SHARED_DATA: data } }),
    ).toBe(data);
  });

  it('should throw naming ACM_SHARED_DATA when it is not a folder', () => {
    const missing = join(sandbox, 'missing');
    expect(() =>
      findSharedDataDir({ env: { ACM_SHARED_DATA: missing } }),
    ).toThrow(
      `Shared data not found: ACM_SHARED_DATA is set to ${missing}, which is not a folder (resolved to ${missing}).`,
    );
  });

  it('should throw naming every path it tried when there is no data', () => {
    const lonely = join(sandbox, 'nowhere', 'deeper');
    mkdirSync(lonely, { recursive: true });
    let message = '';
    try {
      findSharedDataDir({ cwd: lonely, env: {} });
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toContain(
      'Shared data not found: no shared/data folder with',
    );
    expect(message).toContain(join(lonely, 'shared', 'data'));
    expect(message).toContain(join(sandbox, 'nowhere', 'shared', 'data'));
    expect(message).toContain(join(sandbox, 'shared', 'data'));
  });
});
