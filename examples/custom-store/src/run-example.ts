import {
  createApproximateTokenCounter,
  createAutoContextMemory,
} from '@acm/core';
import type { Message } from '@acm/core';
import { createMemoryStorage } from './memory-storage';
import { createWebStorageSessionStore } from './web-storage-session-store';

/** What one offline run reports. */
export interface CustomStoreReport {
  readonly turns: number;
  readonly compressions: number;
  /** Characters the storage grew by per save: the first (a full record), the largest and smallest after it (deltas). */
  readonly firstSaveChars: number;
  readonly largestLaterSaveChars: number;
  readonly smallestLaterSaveChars: number;
  /** Keys and characters the storage holds at the end. */
  readonly storageKeys: number;
  readonly storageChars: number;
  /** Whether a second store on the same storage (a reload of the page) loads the same messages. */
  readonly reloadedIdentically: boolean;
}

const TURNS = 30;

const text = (turn: number, who: string) =>
  `${who} turn ${turn}: ${'details of the deployment plan, step by step. '.repeat(8)}`;

/** A conversation saved turn by turn to a Web Storage session store, then loaded again. */
export async function runExample(): Promise<CustomStoreReport> {
  const storage = createMemoryStorage();
  const counter = createApproximateTokenCounter();
  // A fixed clock and sequential ids and epochs: the same figures on every run.
  let nextId = 0;
  let nextEpoch = 0;
  const createStore = () =>
    createWebStorageSessionStore({
      storage,
      createEpoch: () => `epoch-${nextEpoch++}`,
    });
  const memory = createAutoContextMemory({
    sessionId: 'deploy-chat',
    store: createStore(),
    counter,
    clock: { now: () => Date.UTC(2026, 10, 28) },
    generateId: () => `id-${nextId++}`,
    config: { maxToken: 4000, msgThreshold: 24, lastKeep: 6 },
  });
  const saves: number[] = [];
  for (let turn = 1; turn <= TURNS; turn++) {
    const messages: Message[] = [
      {
        id: `u${turn}`,
        role: 'user',
        content: [{ type: 'text', text: text(turn, 'user') }],
      },
      {
        id: `a${turn}`,
        role: 'assistant',
        content: [{ type: 'text', text: text(turn, 'assistant') }],
      },
    ];
    for (const message of messages) await memory.addMessage(message);
    await memory.compressIfNeeded();
    const before = storage.usedChars();
    await memory.save();
    saves.push(storage.usedChars() - before);
  }
  // A new store on the same storage: what a page reload or another tab sees.
  const reloaded = createAutoContextMemory({
    sessionId: 'deploy-chat',
    store: createStore(),
    counter,
  });
  await reloaded.load();
  const later = saves.slice(1);
  return {
    turns: TURNS,
    compressions: memory.getCompressionEvents().length,
    firstSaveChars: saves[0]!,
    largestLaterSaveChars: Math.max(...later),
    smallestLaterSaveChars: Math.min(...later),
    storageKeys: storage.length,
    storageChars: storage.usedChars(),
    reloadedIdentically:
      JSON.stringify(reloaded.getState()) === JSON.stringify(memory.getState()),
  };
}
