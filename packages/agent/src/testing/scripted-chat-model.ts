import { InvalidArgumentError } from '@acm/core';
import type {
  ChatModel,
  ChatModelRequest,
  ChatModelResponse,
} from '../model/chat-model';

/** Picks the answer for one call; `index` counts calls from 0. */
export type ScriptedChatModelFunction = (
  request: ChatModelRequest,
  index: number,
) => ChatModelResponse | Promise<ChatModelResponse>;

/** A {@link ChatModel} that also records what it was sent. */
export interface ScriptedChatModel extends ChatModel {
  /** Every request received, in call order (live). */
  readonly calls: readonly ChatModelRequest[];
}

/**
 * A model for tests and offline examples that follows a script: an array of
 * answers consumed one per call, or a function that picks the answer from
 * the request. Calling it once more than the array has answers rejects with
 * an `InvalidArgumentError` (parameter `script`).
 *
 * @example
 * const model = scriptedChatModel([
 *   { message: { role: 'assistant', content: [{ type: 'tool-call', toolCallId: 'call-1', toolName: 'search', input: { query: 'acm' } }] } },
 *   { message: { role: 'assistant', content: [{ type: 'text', text: 'Done.' }] } },
 * ]);
 */
export function scriptedChatModel(
  script: readonly ChatModelResponse[] | ScriptedChatModelFunction,
): ScriptedChatModel {
  const calls: ChatModelRequest[] = [];
  return {
    calls,
    async generate(request) {
      const index = calls.length;
      calls.push(request);
      if (typeof script === 'function') return script(request, index);
      const answer = script[index];
      if (answer === undefined) {
        throw new InvalidArgumentError({
          parameter: 'script',
          value: script.length,
          message: `ran out of answers: call ${index + 1} arrived but the script has ${script.length}`,
        });
      }
      return answer;
    },
  };
}
