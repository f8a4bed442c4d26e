import { describe, expect, it } from 'vitest';
import { captureError } from '../../testing/capture-error';
import { runLongTermBackendConformance } from '../../testing/run-long-term-backend-conformance';
import {
  createEmbeddedLongTermBackend,
  replayLongTermJournal,
} from './create-embedded-long-term-backend';
import type { LongTermJournalEntry } from './create-embedded-long-term-backend';
import type { LongTermRecord } from './long-term-memory-backend';
import { replayLongTermRecordedMessages } from './replay-long-term-recorded-messages';

runLongTermBackendConformance({
  name: 'embedded',
  create: () => createEmbeddedLongTermBackend(),
  rankByEmbedding: true,
});

const journals = new WeakMap<object, LongTermJournalEntry[]>();
runLongTermBackendConformance({
  name: 'embedded with a journal',
  create: () => {
    const entries: LongTermJournalEntry[] = [];
    const backend = createEmbeddedLongTermBackend({
      journal: (entry) => {
        entries.push(structuredClone(entry));
      },
    });
    journals.set(backend, entries);
    return backend;
  },
  reopen: (backend) => {
    const entries = journals.get(backend)!;
    const reopened = createEmbeddedLongTermBackend({
      records: replayLongTermJournal(entries),
      recordedMessages: replayLongTermRecordedMessages(entries),
      journal: (entry) => {
        entries.push(structuredClone(entry));
      },
    });
    journals.set(reopened, entries);
    return reopened;
  },
  rankByEmbedding: true,
});

const record = (id: string, text: string): LongTermRecord => ({
  id,
  owner: { userId: 'u1' },
  text,
  createdAt: 1,
  source: 'framework',
});

describe('createEmbeddedLongTermBackend', () => {
  it('should leave its records as they were when the journal fails', async () => {
    let failing = false;
    const backend = createEmbeddedLongTermBackend({
      journal: () => {
        if (failing) throw new Error('disk full');
      },
    });
    await backend.add([record('a', 'quince one')]);
    failing = true;

    const addError = await captureError(() =>
      backend.add([record('b', 'quince two')]),
    );
    const deleteError = await captureError(() =>
      backend.deleteOwner({ userId: 'u1' }),
    );

    expect((addError as Error).message).toBe('disk full');
    expect((deleteError as Error).message).toBe('disk full');
    failing = false;
    const hits = await backend.search({
      owner: { userId: 'u1' },
      query: 'quince',
      limit: 5,
    });
    expect(hits.map((hit) => hit.record.id)).toStrictEqual(['a']);
    await backend.add([record('b', 'quince two')]);
    expect(backend.records().map((r) => r.id)).toStrictEqual(['a', 'b']);
  });

  it('should journal nothing for a delete of an owner it does not hold', async () => {
    const entries: LongTermJournalEntry[] = [];
    const backend = createEmbeddedLongTermBackend({
      journal: (entry) => {
        entries.push(entry);
      },
    });

    expect(await backend.deleteOwner({ agentId: 'nobody' })).toBe(0);
    expect(entries).toStrictEqual([]);
  });

  it('should refuse initial records that repeat an id', () => {
    const error = (() => {
      try {
        createEmbeddedLongTermBackend({
          records: [record('a', 'one'), record('a', 'two')],
        });
        return undefined;
      } catch (caught) {
        return caught;
      }
    })();

    expect((error as { code?: string }).code).toBe('INVALID_ARGUMENT');
  });

  it('should journal the messages an add marks and give them back for a snapshot', async () => {
    const entries: LongTermJournalEntry[] = [];
    const backend = createEmbeddedLongTermBackend({
      journal: (entry) => void entries.push(entry),
    });
    const messages = {
      owner: { userId: 'u1' },
      sessionId: 's1',
      messageIds: ['m1', 'm2'],
    };

    await backend.add([record('a', 'one')], { messages });
    const copy = createEmbeddedLongTermBackend({
      records: backend.records(),
      recordedMessages: backend.recordedMessages(),
    });

    expect(entries).toStrictEqual([
      { op: 'add', records: [record('a', 'one')], messages },
    ]);
    expect(backend.recordedMessages()).toStrictEqual([messages]);
    expect(
      await copy.add([], { messages: { ...messages, messageIds: ['m2'] } }),
    ).toStrictEqual({ status: 'already-recorded', messageIds: ['m2'] });
  });

  it('should refuse initial recorded messages it would refuse in an add', () => {
    let error: unknown;
    try {
      createEmbeddedLongTermBackend({
        recordedMessages: [{ owner: { userId: 'u1' }, messageIds: [''] }],
      });
    } catch (caught) {
      error = caught;
    }

    expect((error as { parameter?: string }).parameter).toBe(
      'recordedMessages[0].messageIds[0]',
    );
  });
});

describe('replayLongTermJournal', () => {
  it('should apply adds and owner deletes in order, first record of an id wins', () => {
    const other: LongTermRecord = {
      ...record('c', 'kept'),
      owner: { userId: 'u2' },
    };

    const records = replayLongTermJournal([
      { op: 'add', records: [record('a', 'first'), other] },
      { op: 'add', records: [record('a', 'duplicate')] },
      { op: 'delete-owner', owner: { userId: 'u1' } },
      { op: 'add', records: [record('b', 'after delete')] },
    ]);

    expect(records.map((r) => [r.id, r.text])).toStrictEqual([
      ['c', 'kept'],
      ['b', 'after delete'],
    ]);
  });
});

describe('replayLongTermRecordedMessages', () => {
  it('should gather the marks of adds by owner and session, cleared by an owner delete', () => {
    const u1 = { userId: 'u1' };
    const u2 = { userId: 'u2' };

    const marks = replayLongTermRecordedMessages([
      { op: 'add', records: [], messages: { owner: u1, messageIds: ['m1'] } },
      {
        op: 'add',
        records: [],
        messages: { owner: u2, sessionId: 's', messageIds: ['m1', 'm2'] },
      },
      { op: 'add', records: [record('a', 'no marks')] },
      { op: 'delete-owner', owner: u1 },
      { op: 'add', records: [], messages: { owner: u1, messageIds: ['m3'] } },
      {
        op: 'add',
        records: [],
        messages: { owner: u2, sessionId: 's', messageIds: ['m2', 'm4'] },
      },
    ]);

    expect(marks).toStrictEqual([
      { owner: u2, sessionId: 's', messageIds: ['m1', 'm2', 'm4'] },
      { owner: u1, messageIds: ['m3'] },
    ]);
  });
});
