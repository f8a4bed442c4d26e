import { spawn } from 'node:child_process';
import {
  existsSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { OpenAIChatMessage } from '@acm/core';
import { EdgeRuntime } from 'edge-runtime';
import type { BuildOptions, Metafile, Plugin } from 'esbuild';
import { build } from 'esbuild';
import { chromium } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ScenarioResult } from './scenario';
import { runScenario } from './scenario';

const sourceDirectory = dirname(fileURLToPath(import.meta.url));
const repositoryRoot = resolve(sourceDirectory, '../../..');
const CHROMIUM = '/usr/bin/chromium';
const WORKERD = resolve(sourceDirectory, '../node_modules/workerd/bin/workerd');
/** A real SWE-agent conversation from the committed sample (58 messages, ≈ 62 KB). */
const CONVERSATION_ID = 'swe/pytest-dev__pytest-7521';

const conversation = readFileSync(
  join(repositoryRoot, 'data/sample.jsonl'),
  'utf8',
)
  .split('\n')
  .filter((line) => line.trim() !== '')
  .map(
    (line) => JSON.parse(line) as { id: string; messages: OpenAIChatMessage[] },
  )
  .find((record) => record.id === CONVERSATION_ID);
if (conversation === undefined)
  throw new Error(`${CONVERSATION_ID} is missing from data/sample.jsonl`);

/** `acm-fixture:conversation` → the conversation's OpenAI messages, as a JSON module. */
const fixturePlugin: Plugin = {
  name: 'acm-fixture',
  setup(pluginBuild) {
    pluginBuild.onResolve({ filter: /^acm-fixture:conversation$/ }, () => ({
      path: 'conversation',
      namespace: 'acm-fixture',
    }));
    pluginBuild.onLoad({ filter: /.*/, namespace: 'acm-fixture' }, () => ({
      contents: JSON.stringify(conversation.messages),
      loader: 'json',
    }));
  },
};

type Target = 'browser' | 'neutral' | 'workerd' | 'edge';

/**
 * The esbuild settings of each target. Workers and edge functions get the
 * browser platform (package.json `browser` maps, as their bundlers apply them)
 * with their runtimes' export conditions.
 */
const TARGETS: Record<Target, BuildOptions> = {
  browser: { platform: 'browser', format: 'esm' },
  neutral: {
    platform: 'neutral',
    format: 'esm',
    mainFields: ['module', 'main'],
  },
  // wrangler's conditions for Cloudflare Workers
  workerd: {
    platform: 'browser',
    format: 'esm',
    conditions: ['@acm/source', 'workerd', 'worker', 'browser'],
  },
  // Next.js / Vercel's conditions for the edge runtime; a classic script for EdgeRuntime
  edge: {
    platform: 'browser',
    format: 'iife',
    conditions: ['@acm/source', 'edge-light', 'worker', 'browser'],
  },
};

async function bundle(
  target: Target,
  contents: string,
  external: string[] = [],
): Promise<{ code: string; metafile: Metafile }> {
  const result = await build({
    stdin: {
      contents,
      resolveDir: sourceDirectory,
      loader: 'ts',
      sourcefile: `${target}-entry.ts`,
    },
    bundle: true,
    write: false,
    metafile: true,
    target: 'es2022',
    logLevel: 'silent',
    conditions: ['@acm/source'],
    external,
    plugins: [fixturePlugin],
    ...TARGETS[target],
  });
  const output = result.outputFiles?.[0];
  if (output === undefined || result.metafile === undefined)
    throw new Error('esbuild wrote nothing');
  return { code: output.text, metafile: result.metafile };
}

/** Every `node:` module a bundle imports or requires: by the metafile, and static imports or requires in the code. */
function nodeImports(code: string, metafile: Metafile): string[] {
  const fromMetafile = Object.values(metafile.inputs).flatMap((input) =>
    input.imports
      .map((entry) => entry.path)
      .filter((path) => path.startsWith('node:')),
  );
  const fromCode = [
    ...code.matchAll(/(?:\bfrom\s*|\brequire\(\s*)["'](node:[^"']+)["']/g),
  ].map((match) => match[1] ?? '');
  return [...new Set([...fromMetafile, ...fromCode])];
}

const freePort = () =>
  new Promise<number>((resolvePort, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        resolvePort(
          typeof address === 'object' && address !== null ? address.port : 0,
        ),
      );
    });
  });

/**
 * The frameworks' own packages import Node modules outside the browser
 * platform's `browser` maps (langsmith's file cache, the AI gateway's
 * `@vercel/oidc`); for the neutral platform they stay external, so that what
 * is checked there is ACM's code and the tokenizer.
 */
const LANGCHAIN_PACKAGES = ['@langchain/*', 'langchain', 'langsmith'];
const AI_SDK_PACKAGES = ['ai', '@ai-sdk/*'];

describe.each([
  {
    name: '@acm/core',
    entry: "export * from '@acm/core';",
    neutralExternal: [],
  },
  {
    name: '@acm/ai-sdk',
    entry: "export * from '@acm/ai-sdk';",
    neutralExternal: AI_SDK_PACKAGES,
  },
  {
    name: '@acm/langchain',
    entry: "export * from '@acm/langchain';",
    neutralExternal: LANGCHAIN_PACKAGES,
  },
])('the main entry of $name', ({ entry, neutralExternal }) => {
  it.each(['browser', 'neutral'] as const)(
    'should bundle for platform=%s with no node: import',
    async (target) => {
      const { code, metafile } = await bundle(
        target,
        entry,
        target === 'neutral' ? neutralExternal : [],
      );
      expect(nodeImports(code, metafile)).toEqual([]);
      // The exact tokenizer's rank data is in the bundle (through a dynamic import), not fetched.
      expect(
        Object.keys(metafile.inputs).some((path) =>
          path.includes('gpt-tokenizer/esm/bpeRanks/o200k_base'),
        ),
      ).toBe(true);
      // js-tiktoken's rank data is only behind its own subpath, @acm/core/js-tiktoken.
      expect(
        Object.keys(metafile.inputs).some((path) =>
          path.includes('js-tiktoken/dist/ranks'),
        ),
      ).toBe(false);
    },
  );
});

describe('compressing a real conversation with the exact counter', () => {
  let expected: ScenarioResult;

  beforeAll(async () => {
    expected = await runScenario(conversation.messages);
  });

  it('should compress in Node with exact o200k counts (the reference figures)', () => {
    expect(expected.loadedBeforeFirstCompression).toBe(false);
    expect(expected.exactCounts).toEqual([2, 3, 7, 7]);
    expect(expected.core.messages).toBe(conversation.messages.length);
    expect(expected.core.tokensBefore).toBeGreaterThan(6_000);
    expect(expected.core.tokensAfter).toBeLessThanOrEqual(6_000);
    expect(expected.core.strategies.length).toBeGreaterThan(0);
    expect(expected.core.contractViolations).toBe(0);
    expect(expected.aiSdk.viewTokens).toBeLessThanOrEqual(6_000);
    // Compressed: the same conversation is over 6,000 tokens raw (core, above).
    expect(expected.aiSdk.viewTokens).toBeLessThan(expected.core.tokensBefore);
    expect(expected.langchain.viewTokens).toBeLessThanOrEqual(6_000);
    expect(expected.langchain.viewTokens).toBeLessThan(
      expected.core.tokensBefore,
    );
  });

  const hasChromium = existsSync(CHROMIUM);
  it.skipIf(!hasChromium && !process.env.CI)(
    'should give the same figures in headless Chromium',
    async () => {
      const { code } = await bundle(
        'browser',
        `import conversation from 'acm-fixture:conversation';
       import { runScenario } from './scenario';
       runScenario(conversation).then(
         (result) => { globalThis.__acmResult = JSON.stringify(result); },
         (error) => { globalThis.__acmError = String(error?.stack ?? error); },
       );`,
      );
      const browser = await chromium.launch({
        executablePath: CHROMIUM,
        args: [
          '--headless',
          '--no-sandbox',
          '--disable-gpu',
          '--no-first-run',
          '--disable-background-networking',
        ],
      });
      try {
        const page = await browser.newPage();
        // Served from an http origin, so the page is a normal secure-context-less browser page.
        await page.route('http://acm.test/**', (route) =>
          route.fulfill(
            route.request().url().endsWith('.js')
              ? { contentType: 'text/javascript', body: code }
              : {
                  contentType: 'text/html',
                  body: '<!doctype html><script type="module" src="/bundle.js"></script>',
                },
          ),
        );
        await page.goto('http://acm.test/');
        await page.waitForFunction(
          () => '__acmResult' in globalThis || '__acmError' in globalThis,
          undefined,
          {
            timeout: 60_000,
          },
        );
        const outcome = await page.evaluate(() => {
          const scope = globalThis as {
            __acmResult?: string;
            __acmError?: string;
          };
          return {
            result: scope.__acmResult,
            error: scope.__acmError,
            isNode: 'process' in globalThis,
          };
        });
        expect(outcome.error).toBeUndefined();
        expect(outcome.isNode).toBe(false);
        expect(JSON.parse(outcome.result ?? 'null')).toEqual(expected);
      } finally {
        await browser.close();
      }
    },
    120_000,
  );

  it('should give the same figures in Cloudflare workerd', async () => {
    const { code } = await bundle(
      'workerd',
      `import conversation from 'acm-fixture:conversation';
       import { runScenario } from './scenario';
       export default {
         async fetch() {
           try {
             return new Response(JSON.stringify({ result: await runScenario(conversation), hasProcess: 'process' in globalThis }));
           } catch (error) {
             return new Response(JSON.stringify({ error: String(error?.stack ?? error) }), { status: 500 });
           }
         },
       };`,
    );
    const directory = mkdtempSync(join(tmpdir(), 'acm-workerd-'));
    const port = await freePort();
    writeFileSync(join(directory, 'worker.js'), code);
    writeFileSync(
      join(directory, 'config.capnp'),
      `using Workerd = import "/workerd/workerd.capnp";
const config :Workerd.Config = (
  services = [ (name = "main", worker = .worker) ],
  sockets = [ (name = "http", address = "127.0.0.1:${port}", http = (), service = "main") ],
);
const worker :Workerd.Worker = (
  modules = [ (name = "worker.js", esModule = embed "worker.js") ],
  compatibilityDate = "2025-09-01",
);
`,
    );
    const child = spawn(WORKERD, ['serve', join(directory, 'config.capnp')], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let log = '';
    child.stdout.on('data', (chunk: Buffer) => (log += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (log += chunk.toString()));
    try {
      let response: Response | undefined;
      for (
        let attempt = 0;
        attempt < 300 && response === undefined;
        attempt += 1
      ) {
        if (child.exitCode !== null) throw new Error(`workerd exited: ${log}`);
        response = await fetch(`http://127.0.0.1:${port}/`).catch(
          () => undefined,
        );
        if (response === undefined)
          await new Promise((wake) => setTimeout(wake, 100));
      }
      if (response === undefined)
        throw new Error(`workerd did not answer: ${log}`);
      const body = (await response.json()) as {
        result?: ScenarioResult;
        error?: string;
        hasProcess?: boolean;
      };
      expect(body.error).toBeUndefined();
      expect(body.hasProcess).toBe(false);
      expect(body.result).toEqual(expected);
    } finally {
      child.kill();
      rmSync(directory, { recursive: true, force: true });
    }
  }, 120_000);

  it("should give the same figures in Vercel's edge-runtime", async () => {
    const { code } = await bundle(
      'edge',
      `import conversation from 'acm-fixture:conversation';
       import { runScenario } from './scenario';
       globalThis.__acmRun = () => runScenario(conversation).then((result) => JSON.stringify(result));`,
    );
    const runtime = new EdgeRuntime({ initialCode: code });
    const json = await runtime.evaluate<Promise<string>>('__acmRun()');
    const isNodeProcess = runtime.evaluate<boolean>(
      "typeof process !== 'undefined' && typeof process.getBuiltinModule === 'function'",
    );
    expect(isNodeProcess).toBe(false);
    expect(JSON.parse(json)).toEqual(expected);
  }, 120_000);
});
