import { describe, expect, it } from 'vitest';
import { sequentialIds } from './sequential-ids';

describe('sequentialIds', () => {
  it('should count from id-0 by default', () => {
    const generateId = sequentialIds();
    expect([generateId(), generateId(), generateId()]).toEqual([
      'id-0',
      'id-1',
      'id-2',
    ]);
  });

  it('should use the given prefix', () => {
    const generateId = sequentialIds('offload');
    expect([generateId(), generateId()]).toEqual(['offload-0', 'offload-1']);
  });

  it('should give every generator its own sequence', () => {
    const first = sequentialIds();
    const second = sequentialIds();
    first();
    first();
    expect(second()).toBe('id-0');
    expect(first()).toBe('id-2');
  });
});
