/**
 * The words every kind of generated content draws from: unicode snippets,
 * paths, identifiers and plain words, and the lines of code made of them.
 */
import type { Random } from './create-random';
import { between, pick } from './create-random';

// Text pools: English, Chinese, Japanese, Korean, Arabic, emoji (surrogate
// pairs, ZWJ sequences, flags), combining marks.

export const UNICODE_SNIPPETS = [
  '请帮我检查一下 src/config.ts 里的默认值是否正确。',
  '構成ファイルの読み込みに失敗しました（行 42）。',
  '예약 번호 ZFA04Y 를 취소해 주세요.',
  'الرجاء تأكيد الحجز رقم 8JX2WO',
  'Déjà vu: naïve café façade résumé',
  'Z̤͔ͧ̑̓ä͖̭̈̇lͮ̒ͫǧ̗͚̚o combining marks',
  'Deploy finished 🚀✅ (3 services, 0 errors)',
  '👩‍💻 pair-programming with 👨‍👩‍👧‍👦 family emoji and flags 🇯🇵🇫🇷',
  '数学: ∑_{i=1}^{n} i² = n(n+1)(2n+1)/6 ≈ 𝒪(n³)',
  '日志显示 ConnectionResetError 在第 3 次重试后出现 ⚠️',
] as const;

export const PATHS = [
  'src/config.ts',
  'astropy/modeling/separable.py',
  'packages/core/src/message/message.ts',
  'tests/test_paginate.py',
  'scripts/seed.ts',
  'src/server/index.ts',
  'docs/guides/quickstart.md',
  'src/数据/读取.ts',
] as const;

export const IDENTIFIERS = [
  'separability_matrix',
  'paginate',
  'resolveConfig',
  'ZFA04Y',
  '8JX2WO',
  'HAT170',
  'mia_li_3668',
  'credit_card_4421',
  'gift_card_7195',
  'users_email_key',
] as const;

export const WORDS = [
  'config',
  'matrix',
  'result',
  'handler',
  'pending',
  'offset',
  'flight',
  'booking',
  'summary',
  'timeout',
  'retry',
  'cache',
] as const;

export function lines(
  random: Random,
  count: number,
  line: (index: number) => string,
): string {
  const result: string[] = [];
  for (let index = 0; index < count; index++) result.push(line(index));
  return result.join('\n');
}

export function codeLine(random: Random): string {
  return pick(random, [
    `const ${pick(random, WORDS)} = ${pick(random, IDENTIFIERS)}(${between(random, 0, 99)});`,
    `if (${pick(random, WORDS)} > ${between(random, 0, 999)}) return ${pick(random, WORDS)};`,
    `def ${pick(random, IDENTIFIERS)}(${pick(random, WORDS)}):`,
    `    return ${pick(random, WORDS)}[${between(random, 0, 9)}]`,
    `// ${pick(random, UNICODE_SNIPPETS)}`,
    '}',
  ]);
}
