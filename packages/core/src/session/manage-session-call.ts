import type { AutoContextMemory } from '../memory/facade/auto-context-memory';
import { isSameValue } from '../vocabulary/util/is-same-value';
import { createUsageCalibrator } from './create-usage-calibrator';
import type { ViewVariant } from './create-view-cache';
import type { FixedTokenMeter } from './create-fixed-token-meter';
import type { HistoryMismatchDetails } from '../vocabulary/error/history-mismatch-error';
import type { SessionManagerOptions } from './session-manager-options';
import type {
  ManagedCall,
  ManageSessionRequest,
  RecordedCall,
} from './session-manager';
import type {
  MessageSample,
  SyncMessagesOptions,
  SyncMessagesResult,
} from './sync-messages';
import { sampleMessages, syncMessages } from './sync-messages';

/** How many messages at the end of a known prefix `syncMessages` checks. */
const SAMPLE_SIZE = 3;

/** What a session manager keeps per session between calls. */
export interface SessionCallData<TMessage> {
  /** What `syncMessages` reads of the last call's messages (the prompt is not kept alive). */
  input: MessageSample<TMessage> | undefined;
  /** The last view (leading messages left out), its variant, and the memory's revision then. */
  view: TMessage[] | undefined;
  variant: string | undefined;
  revision: number | undefined;
}

/** The data of a session before its first call. */
export function createSessionCallData<TMessage>(): SessionCallData<TMessage> {
  return {
    input: undefined,
    view: undefined,
    variant: undefined,
    revision: undefined,
  };
}

/** What one call brings to its session's task. */
export interface SessionCall<TMessage> {
  readonly request: ManageSessionRequest<TMessage>;
  /** The session the task runs on (the fork, after a fork). */
  readonly sessionId: string;
  readonly memory: AutoContextMemory;
  readonly data: SessionCallData<TMessage>;
  readonly variant: string;
  /** The converter of the call's variant (`createViewCache`). */
  readonly view: ViewVariant<TMessage>;
  /** The texts of the call's leading system messages (how many: `offset`). */
  readonly systemTexts: string[];
  readonly offset: number;
  readonly meter: FixedTokenMeter;
  readonly options: Pick<
    SessionManagerOptions<TMessage>,
    'idOf' | 'fromFramework' | 'isSameMessage'
  > &
    Pick<
      SyncMessagesOptions<TMessage>,
      'history' | 'onMismatch' | 'onHistoryMismatch' | 'remedy'
    > & { readonly initialFixedTokens: number };
}

/** A call whose list did not continue its session, under `onMismatch: 'fork'` (`'report'` to the sync): nothing changed. */
export interface SessionCallMismatch {
  readonly forkFrom: HistoryMismatchDetails;
}

/**
 * One call in its session's task, in four steps: sync (the call's messages
 * into the memory, only the new ones converted; a list that does not
 * continue the session follows `onMismatch`, and a fork is returned to the
 * manager unapplied), fixed tokens (measured when the call sends a system
 * prompt or tools, else the last ones), compress (when a trigger is
 * reached), view (the working messages in the framework's format, extended
 * in place when the memory only appended). The session's data then
 * remembers the input, the view and the revision.
 */
export async function manageSessionCall<TMessage>(
  call: SessionCall<TMessage>,
): Promise<ManagedCall<TMessage> | SessionCallMismatch> {
  const { request, memory, data, variant, systemTexts, offset } = call;
  const untouched = memory.getRevision() === data.revision;
  const sync = await syncAndSampleCall(call);
  if ('forkFrom' in sync) return sync;
  if (request.system !== undefined) systemTexts.push(request.system);
  const tokens =
    offset === 0 && request.system === undefined && request.tools === undefined
      ? (call.meter.lastMeasured(memory) ?? call.options.initialFixedTokens)
      : call.meter.measure(memory, {
          system: systemTexts.filter((text) => text !== '').join('\n\n'),
          tools: request.tools,
        });
  const before = {
    tokens: memory.countTokens(),
    messages: memory.getMessageCount(),
  };
  const compression = await memory.compressIfNeeded({
    fixedTokens: tokens,
    ...(request.signal === undefined ? {} : { signal: request.signal }),
  });
  let view: TMessage[] | undefined;
  if (
    request.view === undefined ||
    request.view === 'always' ||
    compression.applied ||
    (request.view === 'if-changed' && sync.storedBefore > 0)
  ) {
    const { convert } = call.view;
    // Only appended since the last view: extend it in place instead of mapping the history again.
    view =
      untouched &&
      data.view !== undefined &&
      data.variant === variant &&
      sync.kind === 'appended' &&
      !compression.applied &&
      memory.getMessageCount() === data.view.length + sync.appended.length
        ? pushAll(data.view, sync.appended.map(convert))
        : memory.getMessages().map(convert);
  }
  data.view = view;
  data.variant = variant;
  data.revision = memory.getRevision();
  return {
    sessionId: call.sessionId,
    memory,
    sync,
    compression,
    before,
    // One copy: the session keeps extending its view in place.
    messages: view && request.messages.slice(0, offset).concat(view),
    calibrate: createUsageCalibrator(memory, tokens),
  };
}

/**
 * A call that only takes its messages into the session (`record`): the sync
 * step of `manageSessionCall`, without compressing or making a view.
 */
export async function recordSessionCall<TMessage>(
  call: SessionCall<TMessage>,
): Promise<RecordedCall | SessionCallMismatch> {
  const sync = await syncAndSampleCall(call);
  if ('forkFrom' in sync) return sync;
  return { sessionId: call.sessionId, memory: call.memory, sync };
}

/**
 * Step 1 of both calls: the sync, then a sample of the call's messages kept
 * as the session's input; a list that does not continue the session is
 * returned as a fork, unapplied.
 */
async function syncAndSampleCall<TMessage>(
  call: SessionCall<TMessage>,
): Promise<SyncMessagesResult | SessionCallMismatch> {
  const { request, memory, data, offset } = call;
  const sync = await syncCall(call);
  if (sync.kind === 'mismatch') return { forkFrom: sync.mismatch! };
  data.input = sampleMessages(
    request.messages,
    offset,
    SAMPLE_SIZE,
    memory.getOriginalMessageCount(),
  );
  return sync;
}

/** Step 1, sync: the call's messages into the memory (`syncMessages`). */
function syncCall<TMessage>({
  request,
  memory,
  data,
  view: { cache, convert },
  offset,
  options: {
    idOf,
    fromFramework,
    isSameMessage,
    history,
    onMismatch,
    onHistoryMismatch,
    remedy,
  },
}: SessionCall<TMessage>): Promise<SyncMessagesResult> {
  return syncMessages({
    memory,
    messages: request.messages,
    offset,
    history,
    onMismatch,
    onHistoryMismatch,
    remedy,
    idOf: idOf ?? positionId,
    // Without framework ids: a message is the stored one it converts to (nothing hashed per call).
    isStored:
      idOf === undefined
        ? (message, _index, stored) =>
            isSameValue(
              fromFramework([message], { ids: [stored.id], memory })[0],
              stored,
            )
        : undefined,
    convert: (fresh, { ids: freshIds }) => {
      const converted = fromFramework(fresh, { ids: freshIds, memory });
      // A core message made from a framework message converts back to it.
      converted.forEach((message, index) => cache.set(message, fresh[index]!));
      return converted;
    },
    lastInput: data.input,
    sampleSize: SAMPLE_SIZE,
    // After an eviction the last view is gone: the working messages are what it held.
    lastView: request.acceptsView
      ? (data.view ?? memory.getMessages().map(convert))
      : undefined,
    isSameMessage,
  });
}

/** The default id of the framework message at `index` (see `idOf`). */
function positionId(_message: unknown, index: number): string {
  return `m${index}`;
}

/** Appends `items` to `list` in place (no copy of a long view). */
function pushAll<TItem>(list: TItem[], items: readonly TItem[]): TItem[] {
  for (const item of items) list.push(item);
  return list;
}
