import type { AutoContextMemory } from '../memory/facade/auto-context-memory';
import { describeError } from '../vocabulary/util/describe-error';
import type { SessionRegistry } from './session-registry';

/**
 * A tool call's answer on a session read through the registry (held, or
 * loaded from the store): `answer` on its memory, `noSessionReply` when the
 * call names no session, and `failure: <why>` when the session cannot be
 * read (a store that fails). Never rejects.
 */
export async function answerSessionTool({
  registry,
  sessionId,
  noSessionReply,
  failure,
  answer,
}: {
  readonly registry: Pick<SessionRegistry<unknown>, 'read'>;
  readonly sessionId: string | undefined;
  readonly noSessionReply: string;
  readonly failure: string;
  readonly answer: (memory: AutoContextMemory) => Promise<string>;
}): Promise<string> {
  if (sessionId === undefined) return noSessionReply;
  try {
    return await registry.read(sessionId, ({ memory }) => answer(memory));
  } catch (error) {
    return `${failure}: ${describeError(error)}`;
  }
}
