import { cutText } from '../text/cut-text';
import type { TranscriptBlock } from '../text/parse-transcript';
import { stripAcmArtifacts } from '../text/strip-acm-artifacts';
import { compactInput, describeOutcome } from './describe-outcome';
import { errorLines } from './error-lines';
import { firstLine } from './first-line';
import { ITEM_PRIORITY } from './item-priority';
import type { FileNote } from './note-files';
import { noteFiles } from './note-files';
import { readSummarySections } from './read-summary-sections';
import { createRecordSalience, idWeight } from './record-salience';
import type { SummarySection } from './section-headings';
import type { SectionedSummaryVocabulary } from './sectioned-summary-vocabulary';
import {
  constraintSentences,
  splitSentences,
  stripCode,
} from './split-sentences';

/** One line a sectioned summary may print. */
export interface SummaryItem {
  readonly section: SummarySection;
  readonly text: string;
  /** Higher is kept first when the budget is short (`ITEM_PRIORITY`). */
  readonly priority: number;
  /** Position in the transcript, for ordering within a section. */
  readonly order: number;
}

/** Longest item of a section (the task's first item may be longer). */
const MAX_ITEM_CHARS = 240;
const MAX_TASK_CHARS = 600;
const MAX_RECORDS_PER_RESULT = 8;
/** Longest line kept from an earlier summary (a call with its outcome, as this function writes it). */
const MAX_SUMMARY_LINE_CHARS = 700;
/** Longest one-line rendering of a call (its arguments are what later calls reuse). */
const MAX_CALL_CHARS = 400;

/** A sentence that names something: a code span, a path, a dotted or numbered identifier. */
const NAMING =
  /`[^`\n]+`|\b[\w.-]+\/[\w.-]+|\b[A-Za-z_]\w*\.[A-Za-z_]\w*|\b[A-Za-z]+_?\d+\w*\b/;

/**
 * Every line a sectioned summary of `blocks` could print, each in its section
 * with its priority (`ITEM_PRIORITY`); `maxChars` is the summary's budget
 * (small budgets cut user texts shorter). See `writeSectionedSummary` for what
 * each section holds.
 */
export function collectSummaryItems(
  blocks: readonly TranscriptBlock[],
  maxChars: number,
  vocabulary: SectionedSummaryVocabulary,
): SummaryItem[] {
  const items: SummaryItem[] = [];
  const total = Math.max(1, blocks.length);
  const recency = (index: number) => (ITEM_PRIORITY.recency * index) / total;
  const { reused, superseded } = createRecordSalience(blocks, vocabulary);
  // Small budgets: user texts are cut shorter, so that facts fit beside them.
  const taskChars = Math.min(MAX_TASK_CHARS, Math.max(160, maxChars >> 2));
  const itemChars = Math.min(MAX_ITEM_CHARS, Math.max(120, maxChars >> 3));
  const seenUser = new Set<string>();
  const seenErrors = new Set<string>();
  const files = new Map<string, FileNote>();
  let firstUser = true;
  let lastCall: { index: number; text: string } | undefined;
  let lastIntent: { index: number; text: string } | undefined;
  let lastIntentItem = -1;
  const pendingErrors: { item: number; error: string; call: string }[] = [];

  blocks.forEach((block, index) => {
    const add = (section: SummarySection, text: string, priority: number) => {
      const trimmed = text.replace(/\s*\n\s*/g, ' ').trim();
      if (trimmed !== '')
        items.push({ section, text: trimmed, priority, order: index });
    };
    switch (block.kind) {
      case 'user': {
        const text = stripAcmArtifacts(block.body);
        const key = firstLine(text);
        if (key === '' || seenUser.has(key)) return;
        seenUser.add(key);
        const limit = firstUser ? taskChars : itemChars;
        add(
          'task',
          cutText(text, limit),
          firstUser
            ? ITEM_PRIORITY.firstRequest
            : ITEM_PRIORITY.laterRequest + recency(index),
        );
        firstUser = false;
        if (text.length <= limit) return;
        // What the cut left out: the sentences that state constraints.
        const rest = text.slice(limit - 1);
        for (const sentence of constraintSentences(rest, vocabulary).slice(
          0,
          4,
        ))
          add('task', cutText(sentence, itemChars), ITEM_PRIORITY.constraint);
        return;
      }
      case 'assistant': {
        const prose = stripCode(stripAcmArtifacts(block.body));
        const sentences = splitSentences(prose, vocabulary);
        if (sentences.length === 0) return;
        // The first sentence, then the ones that name something (`code`, a path, an id).
        const [opening, ...rest] = sentences;
        const naming = rest.filter((sentence) => NAMING.test(sentence));
        add(
          'progress',
          cutText([opening!, ...naming].join(' '), MAX_ITEM_CHARS),
          ITEM_PRIORITY.assistantText + recency(index),
        );
        lastIntentItem = items.length - 1;
        lastIntent = {
          index,
          text: sentences
            .slice(-2)
            .map((sentence) => sentence.replace(/^[-*•\d.)\s]+/, ''))
            .join(' '),
        };
        return;
      }
      case 'summary': {
        // An earlier summary's lines were already cut to size: they keep
        // their length (a record cut again loses the ids at its end).
        for (const [section, line] of readSummarySections(block.body))
          add(
            section,
            cutText(line, MAX_SUMMARY_LINE_CHARS),
            section === 'task'
              ? ITEM_PRIORITY.summaryTask
              : ITEM_PRIORITY.summaryLine +
                  recency(index) +
                  reused(line, index),
          );
        return;
      }
      case 'call': {
        const text = `${block.tool ?? 'call'} ${compactInput(block.body)}`;
        lastCall = { index, text: cutText(text, MAX_CALL_CHARS) };
        for (const pending of pendingErrors.splice(0)) {
          const item = items[pending.item]!;
          items[pending.item] = {
            ...item,
            text: `${item.text}; next: ${cutText(text, 100)}`,
          };
        }
        noteFiles(block, index, files, vocabulary);
        return;
      }
      case 'result':
      case 'error': {
        const callText =
          lastCall !== undefined ? lastCall.text : (block.tool ?? 'tool');
        const outcome = describeOutcome(block.body, vocabulary, callText);
        // Calls that change something outrank lookups.
        const weight = vocabulary.actionVerbPattern.test(block.tool ?? '')
          ? ITEM_PRIORITY.action
          : 0;
        if (outcome.length === 0) {
          add(
            'progress',
            callText,
            ITEM_PRIORITY.callWithoutOutcome + weight + recency(index),
          );
        } else {
          const first = outcome[0]!;
          add(
            'progress',
            `${callText} → ${cutText(first, MAX_ITEM_CHARS)}`,
            ITEM_PRIORITY.callOutcome +
              weight +
              recency(index) +
              reused(first, index) +
              idWeight(first) +
              superseded(first, index),
          );
          const rows = outcome.slice(1);
          // Rows of a list the conversation came back to are kept first.
          const kept = rows
            .filter((record) => reused(record, index) > 0)
            .concat(rows.filter((record) => reused(record, index) === 0))
            .slice(0, MAX_RECORDS_PER_RESULT - 1);
          for (const record of rows.filter((row) => kept.includes(row)))
            add(
              'progress',
              cutText(record, MAX_ITEM_CHARS),
              ITEM_PRIORITY.outcomeRecord +
                recency(index) +
                reused(record, index) +
                idWeight(record) +
                superseded(record, index),
            );
        }
        for (const error of errorLines(
          block.body,
          block.kind === 'error',
          vocabulary,
        )) {
          if (seenErrors.has(error)) continue;
          seenErrors.add(error);
          items.push({
            section: 'errors',
            text: `${cutText(error, 160)} (from: ${cutText(callText, 80)})`,
            priority: ITEM_PRIORITY.error + recency(index),
            order: index,
          });
          pendingErrors.push({ item: items.length - 1, error, call: callText });
        }
        return;
      }
      case 'system':
      case 'other':
        return;
    }
  });

  for (const [path, file] of files) {
    items.push({
      section: 'files',
      text: `${path}: ${file.actions.join('; ')}`,
      priority: file.edited
        ? ITEM_PRIORITY.editedFile
        : ITEM_PRIORITY.viewedFile,
      order: file.order,
    });
  }
  // Assigned in the callback above; TypeScript's narrowing does not see it.
  const intent: { index: number; text: string } | undefined = lastIntent;
  const call: { index: number; text: string } | undefined = lastCall;
  // The last thing the assistant said, after its last call, is the next step, not progress.
  if (
    intent !== undefined &&
    (call === undefined || intent.index > call.index) &&
    lastIntentItem >= 0
  )
    items.splice(lastIntentItem, 1);
  if (intent !== undefined)
    items.push({
      section: 'next',
      text: cutText(intent.text, MAX_ITEM_CHARS),
      priority: ITEM_PRIORITY.nextIntent,
      order: intent.index,
    });
  if (call !== undefined && (intent === undefined || call.index > intent.index))
    items.push({
      section: 'next',
      text: cutText(`last call: ${call.text}`, MAX_ITEM_CHARS),
      priority: ITEM_PRIORITY.lastCall,
      order: call.index,
    });
  return items;
}
