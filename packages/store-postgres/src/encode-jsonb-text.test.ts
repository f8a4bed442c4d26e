import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeJsonbText, encodeJsonbText } from './encode-jsonb-text';

/** Any UTF-16 string, lone surrogates and NUL included. */
const anyString = fc
  .array(fc.integer({ min: 0, max: 0xffff }), { maxLength: 12 })
  .map((codes) => String.fromCharCode(...codes));

const anyJson = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    anyString,
    fc.integer(),
    fc.constant(null),
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(anyString, tie('value'), {
      maxKeys: 4,
      noNullPrototype: true,
    }),
  ),
})).value;

describe('encodeJsonbText', () => {
  it('should escape NUL, U+0001 and lone surrogates and nothing else', () => {
    const json = JSON.stringify({
      'k\u0000': ['a\u0000b', 'c\u0001d', 'e\ud83df', '\\u0000', 'ü🙂\n'],
    });

    expect(encodeJsonbText(json)).toBe(
      '{"k\\u00010":["a\\u00010b","c\\u00011d","e\\u0001ud83df","\\\\u0000","ü🙂\\n"]}',
    );
  });

  it('should leave no escape that JSONB rejects', () => {
    fc.assert(
      fc.property(anyJson, (value) => {
        const encoded = encodeJsonbText(JSON.stringify(value));
        expect(encoded.replace(/\\\\/g, '')).not.toMatch(
          /\\u0000|\\ud[89a-f]/i,
        );
      }),
    );
  });
});

describe('decodeJsonbText', () => {
  it('should restore every JSON value exactly', () => {
    fc.assert(
      fc.property(anyJson, (value) => {
        expect(
          JSON.parse(decodeJsonbText(encodeJsonbText(JSON.stringify(value)))),
        ).toStrictEqual(value);
      }),
    );
  });
});
