import { TokenizerError } from '../vocabulary/error/tokenizer-error';
import { describeError } from '../vocabulary/util/describe-error';

/** What a token counter needs of a BPE encoder: the count of a plain text. */
export interface TextTokenEncoder {
  /** Tokens of `text`; special-token text such as `<|endoftext|>` counts as plain text. */
  countTokens(text: string): number;
}

/**
 * Where one process-wide encoder comes from. `requireSync` builds it with a
 * CommonJS `require` (Node, unbundled); `importAsync` through dynamic
 * `import()` with literal specifiers, so bundlers see and include the rank
 * data (browsers, edge runtimes, bundled servers).
 */
export interface SharedEncoderSource {
  /** Process-wide key, e.g. `gpt-tokenizer:o200k_base`. */
  readonly key: string;
  /** The encoding name, for errors. */
  readonly encoding: string;
  readonly requireSync: (require: (id: string) => unknown) => TextTokenEncoder;
  readonly importAsync: () => Promise<TextTokenEncoder>;
}

/** Encoders loaded in this process, by source key: each is loaded once. */
const loadedEncoders = new Map<string, TextTokenEncoder>();
/** Loads under way, so that concurrent callers share one. */
const pendingLoads = new Map<string, Promise<TextTokenEncoder>>();

/**
 * The process's encoder for `source`, loading it synchronously if needed.
 * Synchronous loading needs Node's `require` (reached through
 * `process.getBuiltinModule`, so no `node:` import is bundled); elsewhere the
 * encoder must have been loaded by {@link loadSharedEncoder} (`warmUp()`).
 * @throws TokenizerError `not-loaded` when it cannot be loaded synchronously here.
 */
export function getSharedEncoder(
  source: SharedEncoderSource,
): TextTokenEncoder {
  const loaded = loadedEncoders.get(source.key);
  if (loaded !== undefined) return loaded;
  const nodeRequire = getNodeRequire();
  if (nodeRequire !== undefined) {
    try {
      return remember(source, source.requireSync(nodeRequire));
    } catch (cause) {
      throw new TokenizerError({
        reason: 'not-loaded',
        encoding: source.encoding,
        message: `Could not load the ${source.encoding} tokenizer synchronously (${describeError(cause)}); call \`await warmUp()\` before counting.`,
        cause,
      });
    }
  }
  throw new TokenizerError({
    reason: 'not-loaded',
    encoding: source.encoding,
    message: `The ${source.encoding} tokenizer is not loaded yet and cannot be loaded synchronously in this runtime; call \`await warmUp()\` (from @acm/core) before counting, or await \`compressIfNeeded()\`, which loads it.`,
  });
}

/**
 * Loads the process's encoder for `source` once: synchronously through Node's
 * `require` where that works, otherwise through dynamic `import()`. Concurrent
 * and later calls get the same encoder.
 * @throws (rejects) TokenizerError `load-failed` when both ways fail.
 */
export function loadSharedEncoder(
  source: SharedEncoderSource,
): Promise<TextTokenEncoder> {
  const loaded = loadedEncoders.get(source.key);
  if (loaded !== undefined) return Promise.resolve(loaded);
  const pending = pendingLoads.get(source.key);
  if (pending !== undefined) return pending;
  const load = (async () => {
    const nodeRequire = getNodeRequire();
    if (nodeRequire !== undefined) {
      try {
        return remember(source, source.requireSync(nodeRequire));
      } catch {
        // e.g. a bundled server whose bundle has no node_modules beside it:
        // the bundler saw the dynamic import below and included the data.
      }
    }
    try {
      return remember(source, await source.importAsync());
    } catch (cause) {
      throw new TokenizerError({
        reason: 'load-failed',
        encoding: source.encoding,
        message: `Could not load the ${source.encoding} tokenizer: ${describeError(cause)}`,
        cause,
      });
    }
  })();
  pendingLoads.set(source.key, load);
  void load.then(
    () => pendingLoads.delete(source.key),
    () => pendingLoads.delete(source.key),
  );
  return load;
}

/** Whether the process's encoder for `source` is loaded (counting will not load anything). */
export function isSharedEncoderLoaded(source: SharedEncoderSource): boolean {
  return loadedEncoders.has(source.key);
}

function remember(
  source: SharedEncoderSource,
  encoder: TextTokenEncoder,
): TextTokenEncoder {
  // A load that raced another keeps the first encoder: one per process.
  const existing = loadedEncoders.get(source.key);
  if (existing !== undefined) return existing;
  loadedEncoders.set(source.key, encoder);
  return encoder;
}

interface NodeProcessLike {
  readonly getBuiltinModule?: (id: string) => unknown;
}

/**
 * A CommonJS `require` relative to this module, in Node only. Reached through
 * `process.getBuiltinModule` (Node ≥ 20.16) rather than `import … from
 * 'node:module'`, so that browser and edge bundles contain no `node:` import.
 */
function getNodeRequire(): ((id: string) => unknown) | undefined {
  const nodeProcess = (globalThis as { process?: NodeProcessLike }).process;
  if (typeof nodeProcess?.getBuiltinModule !== 'function') return undefined;
  try {
    const moduleApi = nodeProcess.getBuiltinModule('module') as
      { createRequire?: (from: string) => (id: string) => unknown } | undefined;
    if (typeof moduleApi?.createRequire !== 'function') return undefined;
    const from = import.meta.url;
    if (typeof from !== 'string' || !from.startsWith('file:')) return undefined;
    return moduleApi.createRequire(from);
  } catch {
    return undefined;
  }
}
