// @ts-check
// ESLint rule `acm/wing-direction`: @acm/core's top-level folders ("wings")
// form a ladder, and an import may only go down it (or stay in its wing).
// The order and the reasons: docs/guides/architecture.md.
import path from 'node:path';

/** Lowest first. The entry files at the root of src/ stand above every wing. */
export const WINGS = [
  'vocabulary',
  'state',
  'formats',
  'summary',
  'engine',
  'runtime',
  'memory',
  'tools',
  'session',
  'testing',
];

const ENTRY_RANK = WINGS.length;

/** The wing of a file under `srcRoot`, or undefined outside it. */
function rankOf(srcRoot, file) {
  const relative = path.relative(srcRoot, file);
  if (relative.startsWith('..') || path.isAbsolute(relative)) return undefined;
  const segments = relative.split(path.sep);
  if (segments.length === 1) return { wing: '(entry)', rank: ENTRY_RANK };
  const rank = WINGS.indexOf(segments[0] ?? '');
  return rank === -1 ? undefined : { wing: segments[0], rank };
}

function findSrcRoot(file) {
  const marker = `${path.sep}packages${path.sep}core${path.sep}src${path.sep}`;
  const at = file.lastIndexOf(marker);
  return at === -1 ? undefined : file.slice(0, at + marker.length - 1);
}

/** @type {import('eslint').Rule.RuleModule} */
export const wingDirection = {
  meta: {
    type: 'problem',
    docs: {
      description: "Imports in @acm/core only go down the wings' ladder.",
    },
    schema: [],
    messages: {
      up: 'The {{from}} wing may not import the {{to}} wing: imports go down the ladder {{ladder}} (docs/guides/architecture.md).',
      unknown:
        '{{folder}} is not a wing of @acm/core: put the file in one of {{ladder}} (docs/guides/architecture.md).',
    },
  },
  create(context) {
    const file = context.filename;
    const srcRoot = findSrcRoot(file);
    if (srcRoot === undefined) return {};
    const from = rankOf(srcRoot, file);
    if (from === undefined) {
      const folder = path.relative(srcRoot, file).split(path.sep)[0];
      return {
        Program(node) {
          context.report({
            node,
            messageId: 'unknown',
            data: { folder, ladder: WINGS.join(' < ') },
          });
        },
      };
    }
    const check = (node, source) => {
      if (typeof source !== 'string' || !source.startsWith('.')) return;
      const target = path.resolve(path.dirname(file), source);
      const to = rankOf(srcRoot, target);
      if (to === undefined || to.rank <= from.rank) return;
      context.report({
        node,
        messageId: 'up',
        data: { from: from.wing, to: to.wing, ladder: WINGS.join(' < ') },
      });
    };
    return {
      ImportDeclaration: (node) => check(node, node.source.value),
      ExportNamedDeclaration: (node) => check(node, node.source?.value),
      ExportAllDeclaration: (node) => check(node, node.source.value),
      ImportExpression: (node) =>
        check(
          node,
          node.source.type === 'Literal' ? node.source.value : undefined,
        ),
    };
  },
};

export default { rules: { 'wing-direction': wingDirection } };
