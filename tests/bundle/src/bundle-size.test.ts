/**
 * What an application that uses `@acm/core` ships, minified and gzipped, as a
 * bundler that splits dynamic imports into chunks builds it (Vite, Rollup,
 * webpack, Next.js, esbuild with `splitting`): the code loaded at start, and
 * the exact tokenizer's rank data, loaded by `import()` only when an exact
 * count is needed. A single-file bundle (no splitting, as wrangler and
 * classic-script edge bundles are built) is measured too, for the record: it
 * inlines every dynamic import, so it always holds the rank data.
 *
 * Prints the figures and writes them to bench/results/bundle-size.json.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import type { Metafile } from 'esbuild';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';

const sourceDirectory = dirname(fileURLToPath(import.meta.url));
const repositoryRoot = resolve(sourceDirectory, '../../..');
const RESULT_PATH = join(repositoryRoot, 'bench/results/bundle-size.json');

/** Issue #28's limits, gzip bytes. */
const INITIAL_LIMIT = 150 * 1024;
const EXACT_TOKENIZER_LIMIT = Math.round(1.6 * 1024 * 1024);

const APPS = {
  /** An application that counts with the approximate counter. */
  approximate: `import { createApproximateTokenCounter, createAutoContextMemory, fromOpenAIMessages } from '@acm/core';
const memory = createAutoContextMemory({
  config: { maxToken: 6000 },
  counter: createApproximateTokenCounter(),
});
export async function run(messages) {
  await memory.addMessages(fromOpenAIMessages(messages));
  return memory.compressIfNeeded();
}`,
  /** An application on the default (exact, o200k_base) counter, loaded with warmUp(). */
  exact: `import { createAutoContextMemory, fromOpenAIMessages, warmUp } from '@acm/core';
const memory = createAutoContextMemory({ config: { maxToken: 6000 } });
export async function run(messages) {
  await warmUp();
  await memory.addMessages(fromOpenAIMessages(messages));
  return memory.compressIfNeeded();
}`,
} as const;

interface OutputFigure {
  readonly file: string;
  readonly bytes: number;
  readonly gzipBytes: number;
  readonly loaded: 'at start' | 'on demand';
  /** The largest input of the output, to say what a chunk is. */
  readonly mainInput: string;
}

interface BundleFigures {
  readonly splitting: boolean;
  readonly outputs: readonly OutputFigure[];
  readonly initialGzipBytes: number;
  readonly onDemandGzipBytes: number;
  /** The chunk holding gpt-tokenizer's o200k_base ranks (the default encoding), with what it imports. */
  readonly exactTokenizerGzipBytes: number;
}

/** Never written (`write: false`); esbuild needs it to name the chunks. */
const outdir = join(sourceDirectory, '../.bundle-size');

async function measure(
  contents: string,
  splitting: boolean,
): Promise<BundleFigures> {
  const result = await build({
    stdin: {
      contents,
      resolveDir: sourceDirectory,
      loader: 'ts',
      sourcefile: 'app.ts',
    },
    bundle: true,
    write: false,
    metafile: true,
    minify: true,
    splitting,
    format: 'esm',
    outdir,
    target: 'es2022',
    platform: 'browser',
    // wrangler's conditions for Cloudflare Workers, plus the sources of the workspace
    conditions: ['@acm/source', 'workerd', 'worker', 'browser'],
    logLevel: 'silent',
  });
  const metafile: Metafile = result.metafile;
  const outputPath = (path: string) => relative(process.cwd(), path);
  const sizes = new Map(
    result.outputFiles.map((file) => [
      outputPath(file.path),
      {
        bytes: file.contents.length,
        gzipBytes: gzipSync(file.contents).length,
      },
    ]),
  );
  const outputs = Object.entries(metafile.outputs).filter(
    ([path]) => !path.endsWith('.map'),
  );
  const entry = outputs.find(([, output]) => output.entryPoint !== undefined);
  if (entry === undefined) throw new Error('esbuild wrote no entry');
  /** The outputs `from` pulls in with static imports, itself included. */
  const staticClosure = (from: string): Set<string> => {
    const seen = new Set<string>();
    const visit = (path: string) => {
      if (seen.has(path)) return;
      seen.add(path);
      for (const imported of metafile.outputs[path]?.imports ?? [])
        if (imported.kind === 'import-statement' && !imported.external)
          visit(imported.path);
    };
    visit(from);
    return seen;
  };
  const initial = staticClosure(entry[0]);
  const figures: OutputFigure[] = outputs.map(([path, output]) => {
    const size = sizes.get(outputPath(path)) ?? { bytes: 0, gzipBytes: 0 };
    const mainInput =
      Object.entries(output.inputs).sort(
        ([, a], [, b]) => b.bytesInOutput - a.bytesInOutput,
      )[0]?.[0] ?? '';
    return {
      file: path.split('/').at(-1) ?? path,
      ...size,
      loaded: initial.has(path) ? 'at start' : 'on demand',
      mainInput: mainInput.replace(/^.*node_modules\//, ''),
    };
  });
  const gzipOf = (paths: Iterable<string>) =>
    [...paths].reduce(
      (sum, path) => sum + (sizes.get(outputPath(path))?.gzipBytes ?? 0),
      0,
    );
  const tokenizerChunk = outputs.find(([, output]) =>
    Object.keys(output.inputs).some((input) =>
      input.includes('gpt-tokenizer/esm/bpeRanks/o200k_base'),
    ),
  );
  const tokenizerOnly =
    tokenizerChunk === undefined
      ? []
      : [...staticClosure(tokenizerChunk[0])].filter(
          (path) => !initial.has(path),
        );
  return {
    splitting,
    outputs: figures.sort((a, b) => b.gzipBytes - a.gzipBytes),
    initialGzipBytes: gzipOf(initial),
    onDemandGzipBytes: figures
      .filter((figure) => figure.loaded === 'on demand')
      .reduce((sum, figure) => sum + figure.gzipBytes, 0),
    exactTokenizerGzipBytes: gzipOf(tokenizerOnly),
  };
}

const kilobytes = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

describe('the size of an application bundle of @acm/core', () => {
  it('should load at most 150 KB gzip at start, and the exact tokenizer (at most 1.6 MB gzip) only when used', async () => {
    const results = {
      approximate: {
        split: await measure(APPS.approximate, true),
        singleFile: await measure(APPS.approximate, false),
      },
      exact: {
        split: await measure(APPS.exact, true),
        singleFile: await measure(APPS.exact, false),
      },
    };
    for (const [app, byMode] of Object.entries(results))
      for (const [mode, figures] of Object.entries(byMode))
        process.stdout.write(
          `${app} counter, ${mode}: at start ${kilobytes(figures.initialGzipBytes)} gzip, on demand ${kilobytes(figures.onDemandGzipBytes)} gzip (exact tokenizer ${kilobytes(figures.exactTokenizerGzipBytes)})\n`,
        );
    mkdirSync(dirname(RESULT_PATH), { recursive: true });
    writeFileSync(
      RESULT_PATH,
      `${JSON.stringify(
        {
          limits: {
            initialGzipBytes: INITIAL_LIMIT,
            exactTokenizerGzipBytes: EXACT_TOKENIZER_LIMIT,
          },
          ...results,
        },
        null,
        2,
      )}\n`,
    );

    const { approximate, exact } = results;
    expect(approximate.split.initialGzipBytes).toBeLessThanOrEqual(
      INITIAL_LIMIT,
    );
    expect(exact.split.initialGzipBytes).toBeLessThanOrEqual(INITIAL_LIMIT);
    // The rank data is a chunk of its own, loaded by import() only when an exact count is needed.
    for (const figures of [approximate.split, exact.split]) {
      expect(figures.exactTokenizerGzipBytes).toBeGreaterThan(0);
      expect(figures.exactTokenizerGzipBytes).toBeLessThanOrEqual(
        EXACT_TOKENIZER_LIMIT,
      );
      expect(
        figures.outputs.some(
          (output) =>
            output.loaded === 'at start' &&
            output.mainInput.includes('bpeRanks'),
        ),
      ).toBe(false);
    }
  }, 120_000);
});
