import { findOffloadIds, getAcmMarker } from '@acm/core';
import type { Message, OffloadLookup } from '@acm/core';
import { getVisibleText } from './get-visible-text';

/** How many sequential `context_reload` calls each original message is away. */
export interface ReloadDepth {
  /**
   * `histogram[d]` = originals first reached after `d` reloads (0: visible
   * unchanged in the prompt).
   */
  readonly histogram: readonly number[];
  /** Originals reached by no chain of reloads. */
  readonly unreachable: number;
}

export interface MeasureReloadDepthOptions {
  /** The managed prompt. */
  readonly working: readonly Message[];
  /** The original messages. */
  readonly original: readonly Message[];
  /** Looks an offload id up, as the `context_reload` tool does. */
  readonly lookupOffload: (offloadId: string) => OffloadLookup;
}

/**
 * Breadth-first from the prompt: an original is at depth 0 when the prompt
 * holds it byte-exact (same id, same JSON); every offload id in the prompt
 * (marker or `<!-- CONTEXT_OFFLOAD -->` tag) costs one reload, and the ids
 * inside reloaded messages one more each level. An original's depth is the
 * first level at which a reload returns it byte-exact.
 */
export function measureReloadDepth({
  working,
  original,
  lookupOffload,
}: MeasureReloadDepthOptions): ReloadDepth {
  const originalJson = new Map<string, string>();
  for (const message of original) {
    originalJson.set(message.id, toJson(message));
  }
  const depthOf = new Map<string, number>();
  const seenIds = new Set<string>();
  let level: string[] = [];
  const reach = (message: Message, depth: number) => {
    const json = originalJson.get(message.id);
    if (
      json !== undefined &&
      !depthOf.has(message.id) &&
      json === toJson(message)
    ) {
      depthOf.set(message.id, depth);
    }
    for (const id of offloadIdsOf(message)) {
      if (seenIds.has(id)) continue;
      seenIds.add(id);
      level.push(id);
    }
  };
  for (const message of working) reach(message, 0);
  let depth = 0;
  while (level.length > 0) {
    depth += 1;
    const current = level;
    level = [];
    for (const id of current) {
      const lookup = lookupOffload(id);
      if (lookup.status !== 'found') continue;
      for (const message of lookup.messages) reach(message, depth);
    }
  }
  const histogram: number[] = [];
  for (const value of depthOf.values()) {
    while (histogram.length <= value) histogram.push(0);
    histogram[value]! += 1;
  }
  return { histogram, unreachable: originalJson.size - depthOf.size };
}

// Messages are immutable values: their JSON and offload ids are computed once
// per object, so measuring every turn costs what the turn reaches, not what
// the conversation holds.
const jsonCache = new WeakMap<Message, string>();
const idsCache = new WeakMap<Message, readonly string[]>();

function toJson(message: Message): string {
  let json = jsonCache.get(message);
  if (json === undefined) {
    json = JSON.stringify(message);
    jsonCache.set(message, json);
  }
  return json;
}

function offloadIdsOf(message: Message): readonly string[] {
  let ids = idsCache.get(message);
  if (ids === undefined) {
    const marked = getAcmMarker(message)?.offloadId;
    ids = [
      ...(marked === undefined ? [] : [marked]),
      ...findOffloadIds(getVisibleText(message)),
    ];
    idsCache.set(message, ids);
  }
  return ids;
}
