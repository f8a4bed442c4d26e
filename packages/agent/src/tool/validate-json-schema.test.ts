import { contextReloadToolDefinition } from '@acm/core';
import { describe, expect, it } from 'vitest';
import { validateJsonSchema } from './validate-json-schema';

const schema = {
  type: 'object',
  properties: {
    command: { type: 'string', minLength: 1 },
    timeout: { type: 'integer', minimum: 0, maximum: 600 },
    mode: { type: 'string', enum: ['fast', 'safe'] },
    files: {
      type: 'array',
      items: {
        type: 'object',
        properties: { path: { type: 'string' } },
        required: ['path'],
      },
      maxItems: 2,
    },
    note: { type: ['string', 'null'] },
  },
  required: ['command'],
  additionalProperties: false,
} as const;

describe('validateJsonSchema', () => {
  it('should accept an input that fits the schema', () => {
    expect(
      validateJsonSchema({
        schema,
        value: {
          command: 'ls',
          timeout: 5,
          mode: 'safe',
          files: [{ path: 'a' }],
          note: null,
        },
      }),
    ).toEqual({ success: true });
  });

  it('should name every problem with its JSON path', () => {
    expect(
      validateJsonSchema({
        schema,
        value: {
          timeout: 1.5,
          mode: 'slow',
          files: [{ path: 3 }, {}, { path: 'c' }],
          note: 4,
          extra: true,
        },
      }),
    ).toEqual({
      success: false,
      errors: [
        '$: missing required property "command"',
        '$.timeout: must be an integer, received a number',
        '$.mode: must be one of "fast", "safe"',
        '$.files: must have at most 2 items',
        '$.files[0].path: must be a string, received an integer',
        '$.files[1]: missing required property "path"',
        '$.note: must be a string or null, received an integer',
        '$.extra: is not an allowed property',
      ],
    });
  });

  it('should reject a value of the wrong type at the root', () => {
    expect(validateJsonSchema({ schema, value: [] })).toEqual({
      success: false,
      errors: ['$: must be an object, received an array'],
    });
  });

  it('should check additional properties against a schema', () => {
    expect(
      validateJsonSchema({
        schema: { type: 'object', additionalProperties: { type: 'number' } },
        value: { a: 1, b: 'x' },
      }),
    ).toEqual({
      success: false,
      errors: ['$.b: must be a number, received a string'],
    });
  });

  it('should enforce minimum on the context_reload schema', () => {
    expect(
      validateJsonSchema({
        schema: contextReloadToolDefinition.inputSchema,
        value: { working_context_offload_uuid: 'x', offset: -1 },
      }),
    ).toEqual({
      success: false,
      errors: ['$.offset: must be ≥ 0, received -1'],
    });
  });

  it('should cap the reported problems at ten', () => {
    const result = validateJsonSchema({
      schema: { type: 'array', items: { type: 'string' } },
      value: Array.from({ length: 12 }, (_value, index) => index),
    });
    expect(result.success === false && result.errors.length).toBe(11);
    expect(result.success === false && result.errors.at(-1)).toBe(
      '… and 2 more problems',
    );
  });
});
