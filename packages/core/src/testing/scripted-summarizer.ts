import { InvalidArgumentError } from '../vocabulary/error/invalid-argument-error';
import { abortableDelay } from './abortable-delay';
import { plausibleUsage } from './plausible-usage';
import type {
  Summarizer,
  SummarizerUsage,
  SummaryRequest,
  SummaryResult,
} from '../summary/summarizer/summarizer';

/**
 * What a {@link scriptedSummarizer} does for one call.
 *
 * - a string: resolves with that text and a plausible `usage` (about 4
 *   characters a token). The literal `'echo'` is the echo step: to return the
 *   word itself, use `{ text: 'echo' }`;
 * - `'echo'`: resolves with the request's transcript (a summary that is not
 *   shorter than its input);
 * - `{ text, usage? }`: resolves with exactly that (no `usage` when omitted);
 * - `{ throw: error }`: rejects with `error`;
 * - `{ hang: true }`: never settles until the request's signal aborts, then
 *   rejects with `signal.reason` (immediately if it is already aborted). This
 *   is how tests check timeouts (`AbortSignal.timeout`) and aborts;
 * - `{ delayMs, then }`: waits `delayMs` with **real timers** (`setTimeout`),
 *   then runs the `then` step; an abort during the wait rejects with the reason;
 * - `{ empty: true }`: resolves with `''`.
 *
 * Steps other than `hang` and `delayMs` ignore the signal, like a provider that
 * answers regardless: wrap them in `{ delayMs: 0, then }` to honour an abort.
 */
export type ScriptedSummarizerStep =
  // Any text, including the literal 'echo' (the echo step).
  | string
  | { readonly text: string; readonly usage?: SummarizerUsage }
  | { readonly throw: unknown }
  | { readonly hang: true }
  | { readonly delayMs: number; readonly then: ScriptedSummarizerStep }
  | { readonly empty: true };

/** Decides the step for one call; `index` counts calls from 0. */
export type ScriptedSummarizerFunction = (
  request: SummaryRequest,
  index: number,
) => ScriptedSummarizerStep | PromiseLike<ScriptedSummarizerStep>;

/** A {@link Summarizer} that also records what it was asked. */
export interface ScriptedSummarizer extends Summarizer {
  /** Every request received, in call order (live: it grows with later calls). */
  readonly calls: readonly SummaryRequest[];
}

/**
 * A summarizer for tests that follows a script: an array of steps consumed one
 * per call, in order, or a function that picks the step from the request.
 * Calling it once more than the array has steps rejects with an
 * {@link InvalidArgumentError} (parameter `script`) saying so.
 *
 * @example
 * const summarizer = scriptedSummarizer(['short summary', { hang: true }]);
 * // first call → 'short summary'; second call waits for its abort signal
 * expect(summarizer.calls).toHaveLength(2);
 *
 * @throws {InvalidArgumentError} when an array step is malformed.
 */
export function scriptedSummarizer(
  script: readonly ScriptedSummarizerStep[] | ScriptedSummarizerFunction,
): ScriptedSummarizer {
  const steps: readonly ScriptedSummarizerStep[] | undefined =
    typeof script === 'function' ? undefined : script;
  if (steps !== undefined) {
    if (!isArray(steps)) {
      throw new InvalidArgumentError({
        parameter: 'script',
        value: script,
        message: 'must be an array of steps or a function returning a step',
      });
    }
    steps.forEach((step, index) => validateStep(step, `script[${index}]`));
  }
  const calls: SummaryRequest[] = [];

  const summarizer = async (
    request: SummaryRequest,
  ): Promise<SummaryResult> => {
    const index = calls.length;
    calls.push(request);
    let step: ScriptedSummarizerStep;
    if (steps === undefined) {
      step = await (script as ScriptedSummarizerFunction)(request, index);
      validateStep(step, `script(request, ${index})`);
    } else {
      if (index >= steps.length) {
        throw new InvalidArgumentError({
          parameter: 'script',
          value: steps,
          message: `ran out of steps: call ${index + 1} arrived but the script has ${steps.length} step${steps.length === 1 ? '' : 's'}; add steps or pass a function`,
        });
      }
      step = steps[index]!;
    }
    return runStep(step, request);
  };
  return Object.assign(summarizer, { calls });
}

/** `Array.isArray` without its `any[]` narrowing. */
const isArray: (value: unknown) => boolean = Array.isArray;

async function runStep(
  step: ScriptedSummarizerStep,
  request: SummaryRequest,
): Promise<SummaryResult> {
  if (step === 'echo') {
    return {
      text: request.transcript,
      usage: plausibleUsage(request, request.transcript),
    };
  }
  if (typeof step === 'string') {
    return { text: step, usage: plausibleUsage(request, step) };
  }
  if ('text' in step) {
    return step.usage === undefined
      ? { text: step.text }
      : { text: step.text, usage: step.usage };
  }
  if ('throw' in step) throw step.throw;
  if ('hang' in step) return waitForAbort(request.signal);
  if ('delayMs' in step) {
    await abortableDelay(step.delayMs, request.signal);
    return runStep(step.then, request);
  }
  return { text: '', usage: plausibleUsage(request, '') };
}

function waitForAbort(signal: AbortSignal): Promise<never> {
  return new Promise((_resolve, reject) => {
    // The abort reason is whatever the caller chose; tests compare it by identity.
    /* eslint-disable @typescript-eslint/prefer-promise-reject-errors */
    if (signal.aborted) {
      reject(signal.reason);
      return;
    }
    signal.addEventListener('abort', () => reject(signal.reason), {
      once: true,
    });
    /* eslint-enable @typescript-eslint/prefer-promise-reject-errors */
  });
}

function validateStep(step: unknown, parameter: string): void {
  if (typeof step === 'string') return;
  if (typeof step === 'object' && step !== null) {
    const record = step as Record<string, unknown>;
    if ('text' in record && typeof record.text === 'string') return;
    if ('throw' in record) return;
    if (record.hang === true) return;
    if (record.empty === true) return;
    if ('delayMs' in record) {
      const delayMs = record.delayMs;
      if (
        typeof delayMs !== 'number' ||
        !Number.isFinite(delayMs) ||
        delayMs < 0
      ) {
        throw new InvalidArgumentError({
          parameter: `${parameter}.delayMs`,
          value: delayMs,
          message: 'must be a finite number of milliseconds, 0 or more',
        });
      }
      validateStep(record.then, `${parameter}.then`);
      return;
    }
  }
  throw new InvalidArgumentError({
    parameter,
    value: step,
    message:
      "must be a string, 'echo', { text, usage? }, { throw }, { hang: true }, { delayMs, then } or { empty: true }",
  });
}
