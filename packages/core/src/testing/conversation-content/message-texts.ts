/**
 * The texts of messages: user requests, assistant preambles and final
 * answers, reasoning, reminders and system prompts.
 */
import { UNICODE_SNIPPETS } from './content-vocabulary';
import type { Random } from './create-random';
import { between, pick } from './create-random';

const USER_REQUESTS = [
  'The test suite fails on `test_separability_matrix` after my last change. Can you find out why?',
  'Please add a --dry-run flag to the CLI and make sure the existing tests still pass.',
  'I need to change my flight from JFK to SFO on 2024-05-20 to the next morning.',
  'Can you cancel reservation 8JX2WO? I booked it yesterday and have travel insurance.',
  'Refactor the token counter so it caches counts per message id.',
  'Why does `npm run build` print "Cannot find module ./dist/index.js"?',
  'How many checked bags can I bring on a basic economy ticket as a silver member?',
  'Summarize what changed in the last three commits and update the CHANGELOG.',
  'Find every place that reads process.env directly and list them.',
  'My user id is mia_li_3668. Please book the cheapest direct flight to Seattle on May 18.',
  'Fix the off-by-one in paginate(): page 2 repeats the last item of page 1.',
  'Run the migrations against the staging database and report any failures.',
] as const;

const ASSISTANT_PREAMBLES = [
  'Let me look at the relevant files first.',
  'I will run the failing test to see the traceback.',
  'Checking the reservation details before making any change.',
  'I need the user profile to find the payment methods.',
  'Let me search the codebase for the call sites.',
  'First I will list the directory, then open the module.',
  '我先查一下相关的配置文件。',
  'Running both lookups in parallel.',
] as const;

const FINAL_ANSWERS = [
  'The failure came from `_cstack` ignoring nested compound models; I fixed it in astropy/modeling/separable.py (line 245) and all 64 tests now pass.',
  'Your reservation 8JX2WO has been cancelled. The refund of $1,286 will go back to credit_card_4421 within 5–7 business days.',
  'I added the --dry-run flag in src/cli/main.ts; it prints the plan and exits with code 0. The 132 existing tests still pass.',
  'There are 4 direct reads of process.env: src/config.ts:12, src/db.ts:7, scripts/seed.ts:3 and src/server/index.ts:21.',
  'Done. The flight is now HAT170 departing 2024-05-21 at 07:15, same cabin (economy); the fare difference of $48 was charged to gift_card_7195.',
  'The build looks for dist/index.js because "main" in package.json still points there; I changed it to ./dist/index.cjs.',
  'The off-by-one was in `offset = page * size + 1`; it is now `page * size`, with a regression test in tests/paginate.test.ts.',
  '修复完成：默认值已更新，所有测试通过 ✅',
  'Silver members get 2 free checked bags on economy, but basic economy includes none; each extra bag costs $50.',
  'Migrations 0041–0043 applied cleanly; 0044 failed with `duplicate key value violates unique constraint "users_email_key"`.',
] as const;

const REASONING_TEXTS = [
  'The traceback points at the matrix stacking; the nested model probably returns its own separability matrix, which is not copied into the right block.',
  'The user wants a change, so I must confirm the details and get an explicit yes before calling the update tool.',
  'Two independent lookups: I can call both tools in one step.',
  'The test output is long; only the failing assertion matters. Next step: open the function it names.',
  'Policy: basic economy cannot be modified, so the only option is cancel and rebook.',
  '用户需要的是配置默认值，我应该先读取 config.ts。',
] as const;

const REMINDERS = [
  '<system-reminder>You have 5 steps left. Finish the current subtask before starting a new one.</system-reminder>',
  '<system-reminder>The plan has 2 unfinished subtasks. Use finish_subtask when a subtask is done.</system-reminder>',
  'Reminder: answer in the language of the user.',
  '[harness] Your previous response contained no tool call. Continue with the task or give your final answer.',
] as const;

const SYSTEM_PROMPTS = [
  'You are a helpful assistant that can interact with a computer shell to solve programming tasks. Think step by step and use one tool call at a time unless the calls are independent.',
  '# Airline Agent Policy\n\nThe current time is 2024-05-15 15:00:00 EST. As an airline agent, you can help users book, modify, or cancel flight reservations. Before taking any action that updates the booking database, obtain explicit user confirmation (yes).',
  'You are a coding agent. Keep answers short. Use the plan tools to track multi-step work.',
  '你是一个乐于助人的助手。请用用户使用的语言回答。',
] as const;

/** `count` snippets from `pool`, sometimes followed by a unicode snippet. */
export function sentences(
  random: Random,
  pool: readonly string[],
  count: number,
): string {
  const parts: string[] = [];
  for (let index = 0; index < count; index++) parts.push(pick(random, pool));
  if (random() < 0.2) parts.push(pick(random, UNICODE_SNIPPETS));
  return parts.join(' ');
}

export function userText(random: Random): string {
  return sentences(
    random,
    random() < 0.15 ? UNICODE_SNIPPETS : USER_REQUESTS,
    between(random, 1, 2),
  );
}

export function preambleText(random: Random): string {
  return sentences(random, ASSISTANT_PREAMBLES, 1);
}

export function finalAnswerText(random: Random): string {
  return sentences(random, FINAL_ANSWERS, between(random, 1, 3));
}

export function reasoningText(random: Random): string {
  return sentences(random, REASONING_TEXTS, between(random, 1, 2));
}

export function reminderText(random: Random): string {
  return pick(random, REMINDERS);
}

export function systemPromptText(random: Random): string {
  return pick(random, SYSTEM_PROMPTS);
}

export function reasoningMetadata(random: Random, index: number): unknown {
  return random() < 0.5
    ? {
        anthropic: {
          signature: `sig_${index}_${Math.floor(random() * 1e9).toString(36)}`,
        },
      }
    : {
        openai: {
          itemId: `rs_${index}`,
          reasoningEncryptedContent: `gAAAAB${Math.floor(random() * 1e12).toString(36)}==`,
        },
      };
}
