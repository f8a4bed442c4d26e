import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  extendSessionLogSeal,
  sealSessionLogText,
  SESSION_LOG_SEAL_HEAD_BYTES,
  SESSION_LOG_SEAL_TAIL_BYTES,
} from './seal-session-log-text';
import type { SessionLogSealCodec } from './seal-session-log-text';

const codec: SessionLogSealCodec = {
  encode: (text) => Buffer.from(text, 'utf8'),
  byteLength: (text) => Buffer.byteLength(text, 'utf8'),
  digest: (bytes) => createHash('sha1').update(bytes).digest('hex'),
};

const sha1 = (bytes: Uint8Array) => codec.digest(bytes);

/** The digests a store computes from the stored bytes where the seal points. */
function check(text: string) {
  const seal = sealSessionLogText(text, codec);
  const bytes = Buffer.from(text, 'utf8');
  return {
    seal,
    head: sha1(bytes.subarray(0, seal.headBytes)) === seal.headDigest,
    tail: sha1(bytes.subarray(seal.tailStart, seal.bytes)) === seal.tailDigest,
  };
}

describe('sealSessionLogText', () => {
  it('should cover the first record and the last record of a small log', () => {
    const text = '{"format":"x","epoch":"é"}\n{"revision":2}\n';

    const { seal, head, tail } = check(text);

    expect(seal.bytes).toBe(Buffer.byteLength(text));
    expect(seal.headBytes).toBe(
      Buffer.byteLength('{"format":"x","epoch":"é"}\n'),
    );
    expect(seal.tailStart).toBe(seal.bytes - '{"revision":2}\n'.length);
    expect(head && tail).toBe(true);
  });

  it('should bound its windows on a large log and not start inside a surrogate pair', () => {
    const body = '🙂'.repeat(SESSION_LOG_SEAL_TAIL_BYTES);
    const text = `{"full":"${body}"}\n{"revision":2,"big":"${body}"}\n`;

    const { seal, head, tail } = check(text);

    expect(seal.headBytes).toBe(SESSION_LOG_SEAL_HEAD_BYTES);
    expect(seal.bytes - seal.tailStart).toBe(SESSION_LOG_SEAL_TAIL_BYTES);
    expect(head && tail).toBe(true);
  });

  it('should change when any byte of its windows or the length changes', () => {
    const text = '{"format":"x","schemaVersion":2}\n{"revision":2}\n';
    const sealed = sealSessionLogText(text, codec);

    for (const damaged of [
      text.replace('"schemaVersion":2', '"schemaVersion":3'),
      text.replace('{"revision":2}', '{"revision":7}'),
      text.slice(0, -1),
    ]) {
      const other = sealSessionLogText(damaged, codec);
      expect(other).not.toStrictEqual(sealed);
    }
  });
});

describe('extendSessionLogSeal', () => {
  it('should equal the seal of the whole text after an append', () => {
    const first = '{"format":"x"}\n';
    const line = `{"revision":2,"text":"${'ü'.repeat(40_000)}"}\n`;

    expect(
      extendSessionLogSeal(sealSessionLogText(first, codec), line, codec),
    ).toStrictEqual(sealSessionLogText(first + line, codec));
  });
});
