#!/usr/bin/env node
// Types that tell the truth: checks every public entry of every published package against its build.
// For each `exports` subpath of packages/*/package.json (not `./internal`, not `./package.json`), it
// lists, with the TypeScript compiler, the names the entry's `dist` declarations (`.d.ts` for ESM,
// `.d.cts` for CJS) export with a value meaning (a name a TypeScript user may call or read), then loads
// the entry's `dist` JavaScript (ESM with import(), CJS with require()) and fails when a declared value
// is absent at runtime: a phantom value, which compiles and then throws. It also fails when a name that
// only `@acm/core/internal` exports (not covered by semver) is reachable from a public entry.
// Run after the build (a step of scripts/check.mjs):
//
//   node scripts/check-dist-types.mjs [--verbose]   --verbose lists every phantom name
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createRequire, Module } from 'node:module';
import { dirname, join, relative, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const root = resolve(import.meta.dirname, '..');
const verbose = process.argv.includes('--verbose');
const requireFromRoot = createRequire(join(root, 'package.json'));
const ts = requireFromRoot('typescript');

/** Every entry of every published package: `{ name, subpath, internal, esm, cjs, dts, dcts }`. */
function readEntries() {
  const entries = [];
  for (const directory of readdirSync(join(root, 'packages')).sort()) {
    const manifestPath = join(root, 'packages', directory, 'package.json');
    if (!existsSync(manifestPath)) continue;
    const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
    if (manifest.private === true) continue;
    for (const [subpath, target] of Object.entries(manifest.exports ?? {})) {
      if (typeof target !== 'object' || target === null) continue;
      const at = (path) =>
        path === undefined
          ? undefined
          : join(root, 'packages', directory, path);
      entries.push({
        name: `${manifest.name}${subpath.slice(1)}`,
        internal: subpath.startsWith('./internal'),
        esm: at(target.import?.default),
        cjs: at(target.require?.default),
        dts: at(target.import?.types),
        dcts: at(target.require?.types),
      });
    }
  }
  return entries;
}

const compilerOptions = {
  target: ts.ScriptTarget.ES2022,
  module: ts.ModuleKind.ESNext,
  moduleResolution: ts.ModuleResolutionKind.Bundler,
  strict: true,
  noEmit: true,
  skipLibCheck: true,
  types: [],
};

/**
 * The names a declaration file exports, each with whether it has a value meaning for an importer.
 * The value meaning is what TypeScript itself answers: a probe module imports every name and uses it
 * as a value; a name whose use is an error (a type, or a value exported with `export type`) has none.
 */
function readDeclaredExports(declarationPath, jsPath) {
  const probePath = join(
    dirname(declarationPath),
    '__check_dist_types_probe__.ts',
  );
  const specifier = `./${relative(dirname(declarationPath), jsPath).replaceAll('\\', '/')}`;
  const host = ts.createCompilerHost(compilerOptions, true);
  let probeText = '';
  const program0 = ts.createProgram([declarationPath], compilerOptions, host);
  const checker0 = program0.getTypeChecker();
  const file0 = program0.getSourceFile(declarationPath);
  const moduleSymbol = file0 && checker0.getSymbolAtLocation(file0);
  if (moduleSymbol === undefined) {
    throw new Error(`check-dist-types: ${declarationPath} is not a module`);
  }
  const names = checker0
    .getExportsOfModule(moduleSymbol)
    .map((symbol) => symbol.getName())
    .filter((name) => name !== 'default')
    .sort();
  // One probe line per name: `import { X as __0 } from '<entry>'; __0;` → an error on `__0;` = no value.
  const lines = names.map(
    (name, index) => `import { ${name} as __${index} } from '${specifier}';`,
  );
  const uses = names.map((_, index) => `__${index};`);
  probeText = [...lines, ...uses].join('\n');
  const getSourceFile = host.getSourceFile.bind(host);
  host.getSourceFile = (fileName, languageVersion, ...rest) =>
    resolve(fileName) === probePath
      ? ts.createSourceFile(fileName, probeText, languageVersion, true)
      : getSourceFile(fileName, languageVersion, ...rest);
  const fileExists = host.fileExists.bind(host);
  host.fileExists = (fileName) =>
    resolve(fileName) === probePath || fileExists(fileName);
  const readFile = host.readFile.bind(host);
  host.readFile = (fileName) =>
    resolve(fileName) === probePath ? probeText : readFile(fileName);
  const program = ts.createProgram(
    [probePath],
    compilerOptions,
    host,
    program0,
  );
  const probe = program.getSourceFile(probePath);
  const failingLines = new Set(
    program
      .getSemanticDiagnostics(probe)
      .filter((diagnostic) => diagnostic.file === probe)
      .map(
        (diagnostic) =>
          probe.getLineAndCharacterOfPosition(diagnostic.start ?? 0).line,
      ),
  );
  const importErrors = [...failingLines].filter((line) => line < names.length);
  if (importErrors.length > 0) {
    throw new Error(
      `check-dist-types: the probe of ${declarationPath} cannot import ${importErrors.map((line) => names[line]).join(', ')}`,
    );
  }
  return names.map((name, index) => ({
    name,
    value: !failingLines.has(names.length + index),
  }));
}

/**
 * Loads a CJS entry. Vitest refuses `require()` (it throws on load), so a test kit's CJS build is
 * loaded with an inert stand-in for vitest: the check reads the entry's exports, it runs no test.
 */
function requireEntry(path) {
  const require = createRequire(path);
  try {
    return require(path);
  } catch (error) {
    if (!/Vitest cannot be imported in a CommonJS module/.test(String(error))) {
      throw error;
    }
    const vitestPath = require.resolve('vitest');
    const stub = new Module(vitestPath);
    stub.exports = new Proxy({}, { get: () => () => undefined });
    stub.loaded = true;
    require.cache[vitestPath] = stub;
    return require(path);
  }
}

const entries = readEntries();
const results = [];
for (const entry of entries) {
  const forms = [
    [
      'ESM',
      entry.dts,
      entry.esm,
      async (path) => import(pathToFileURL(path).href),
    ],
    ['CJS', entry.dcts, entry.cjs, async (path) => requireEntry(path)],
  ];
  const result = { entry, names: new Set(), honest: new Set(), phantoms: {} };
  for (const [form, declarationPath, jsPath, load] of forms) {
    if (declarationPath === undefined || jsPath === undefined) continue;
    if (!existsSync(declarationPath) || !existsSync(jsPath)) {
      console.log(
        `check-dist-types: ${entry.name} (${form}): ${relative(root, existsSync(declarationPath) ? jsPath : declarationPath)} is missing; build first (pnpm exec turbo run build --filter='./packages/*')`,
      );
      process.exit(1);
    }
    const declared = readDeclaredExports(declarationPath, jsPath);
    const runtime = new Set(Object.keys(await load(jsPath)));
    const phantoms = [];
    for (const { name, value } of declared) {
      result.names.add(name);
      if (value && !runtime.has(name)) phantoms.push(name);
      else result.honest.add(name);
    }
    result.phantoms[form] = phantoms;
  }
  results.push(result);
}

// Names only `@acm/core/internal` exports: internal's names that no public entry of core honestly exports.
const coreInternal = results.find(
  ({ entry }) => entry.name === '@acm/core/internal',
);
const corePublic = results.filter(
  ({ entry }) => entry.name.startsWith('@acm/core') && !entry.internal,
);
const internalOnly = new Set(
  [...(coreInternal?.honest ?? [])].filter(
    (name) => !corePublic.some(({ honest }) => honest.has(name)),
  ),
);

let failures = 0;
let phantomTotal = 0;
let leakTotal = 0;
for (const { entry, names, phantoms } of results) {
  if (entry.internal) continue;
  const leaks = [...names].filter((name) => internalOnly.has(name)).sort();
  const counts = Object.entries(phantoms).map(
    ([form, list]) => `${list.length} ${form}`,
  );
  // A name absent from both forms counts once.
  const phantomCount = new Set(Object.values(phantoms).flat()).size;
  phantomTotal += phantomCount;
  leakTotal += leaks.length;
  if (phantomCount === 0 && leaks.length === 0) continue;
  failures++;
  const sample = (list) =>
    verbose || list.length <= 8
      ? list.join(', ')
      : `${list.slice(0, 8).join(', ')}, … (--verbose lists all)`;
  console.log(
    `✗ ${entry.name}: ${counts.join(' + ')} phantom values, ${leaks.length} internal-only names`,
  );
  const esmPhantoms = phantoms.ESM ?? [];
  if (esmPhantoms.length > 0) {
    console.log(`    declared but absent at runtime: ${sample(esmPhantoms)}`);
  }
  const cjsOnly = (phantoms.CJS ?? []).filter(
    (name) => !esmPhantoms.includes(name),
  );
  if (cjsOnly.length > 0) {
    console.log(`    absent from CJS only: ${sample(cjsOnly)}`);
  }
  if (leaks.length > 0) {
    console.log(`    only @acm/core/internal exports: ${sample(leaks)}`);
  }
}
const publicCount = results.filter(({ entry }) => !entry.internal).length;
const formTotal = (form) =>
  results
    .filter(({ entry }) => !entry.internal)
    .reduce((sum, { phantoms }) => sum + (phantoms[form]?.length ?? 0), 0);
console.log(
  `check-dist-types: ${phantomTotal} phantom values (ESM ${formTotal('ESM')}, CJS ${formTotal('CJS')}) and ${leakTotal} internal-only names in ${publicCount} public entries (${failures} failing)`,
);
process.exit(failures === 0 ? 0 : 1);
