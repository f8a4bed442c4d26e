import { describe, expect, it, vi } from 'vitest';
import { TokenizerError } from '../vocabulary/error/tokenizer-error';
import type { SharedEncoderSource } from './load-shared-encoder';
import {
  getSharedEncoder,
  isSharedEncoderLoaded,
  loadSharedEncoder,
} from './load-shared-encoder';

const characterEncoder = () => ({
  countTokens: (text: string) => text.length,
});

/** A source that, like a browser or edge runtime, cannot load synchronously. */
const asyncOnlySource = (
  key: string,
  importAsync = vi.fn(() => Promise.resolve(characterEncoder())),
): SharedEncoderSource & { importAsync: typeof importAsync } => ({
  key,
  encoding: 'test_base',
  requireSync: () => {
    throw new Error('no require here');
  },
  importAsync,
});

describe('getSharedEncoder', () => {
  it('should throw a not-loaded TokenizerError that names warmUp when it cannot load synchronously', () => {
    const source = asyncOnlySource('test:not-loaded');
    let thrown: unknown;
    try {
      getSharedEncoder(source);
    } catch (error) {
      thrown = error;
    }
    expect(TokenizerError.isInstance(thrown)).toBe(true);
    expect((thrown as TokenizerError).reason).toBe('not-loaded');
    expect((thrown as TokenizerError).code).toBe('TOKENIZER_FAILURE');
    expect((thrown as TokenizerError).message).toContain('await warmUp()');
    expect(isSharedEncoderLoaded(source)).toBe(false);
  });

  it('should return the encoder loaded asynchronously before', async () => {
    const source = asyncOnlySource('test:loaded-before');
    const loaded = await loadSharedEncoder(source);
    expect(getSharedEncoder(source)).toBe(loaded);
    expect(getSharedEncoder(source).countTokens('abc')).toBe(3);
  });

  it('should load synchronously through require once and keep the encoder', () => {
    const requireSync = vi.fn(() => characterEncoder());
    const source: SharedEncoderSource = {
      key: 'test:sync',
      encoding: 'test_base',
      requireSync,
      importAsync: () => Promise.reject(new Error('unused')),
    };
    const first = getSharedEncoder(source);
    expect(getSharedEncoder(source)).toBe(first);
    expect(requireSync).toHaveBeenCalledTimes(1);
  });
});

describe('loadSharedEncoder', () => {
  it('should import once for concurrent and later calls', async () => {
    const source = asyncOnlySource('test:concurrent');
    const [first, second] = await Promise.all([
      loadSharedEncoder(source),
      loadSharedEncoder(source),
    ]);
    const later = await loadSharedEncoder(source);
    expect(second).toBe(first);
    expect(later).toBe(first);
    expect(source.importAsync).toHaveBeenCalledTimes(1);
    expect(isSharedEncoderLoaded(source)).toBe(true);
  });

  it('should reject with a load-failed TokenizerError and allow a retry', async () => {
    const importAsync = vi
      .fn<() => Promise<{ countTokens: (text: string) => number }>>()
      .mockRejectedValueOnce(new Error('network down'))
      .mockResolvedValueOnce(characterEncoder());
    const source = asyncOnlySource('test:failed', importAsync);
    const failure = await loadSharedEncoder(source).catch(
      (error: unknown) => error,
    );
    expect(TokenizerError.isInstance(failure)).toBe(true);
    expect((failure as TokenizerError).reason).toBe('load-failed');
    expect((failure as TokenizerError).message).toBe(
      'Could not load the test_base tokenizer: network down',
    );
    const retried = await loadSharedEncoder(source);
    expect(retried.countTokens('ab')).toBe(2);
  });
});
