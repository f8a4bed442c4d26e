import { contextReloadToolDefinition } from '@acm/core';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
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
        '$: Instance does not have required property "command".',
        '$.timeout: Instance type "number" is invalid. Expected "integer".',
        '$.mode: Instance does not match any of ["fast","safe"].',
        '$.files: Array has too many items (3 > 2).',
        '$.files[0].path: Instance type "number" is invalid. Expected "string".',
        '$.files[1]: Instance does not have required property "path".',
        '$.note: Instance type "number" is invalid. Expected "string", "null".',
        '$: Property "extra" does not match additional properties schema.',
        '$.extra: False boolean schema.',
      ],
    });
  });

  it('should reject a value of the wrong type at the root', () => {
    expect(validateJsonSchema({ schema, value: [] })).toEqual({
      success: false,
      errors: ['$: Instance type "array" is invalid. Expected "object".'],
    });
  });

  it('should enforce minimum on the frozen context_reload schema', () => {
    expect(Object.isFrozen(contextReloadToolDefinition.inputSchema)).toBe(true);
    expect(
      validateJsonSchema({
        schema: contextReloadToolDefinition.inputSchema,
        value: { working_context_offload_uuid: 'x', offset: -1 },
      }),
    ).toEqual({
      success: false,
      errors: ['$.offset: -1 is less than 0.'],
    });
    expect(
      validateJsonSchema({
        schema: contextReloadToolDefinition.inputSchema,
        value: { working_context_offload_uuid: 'x', offset: 2 },
      }),
    ).toEqual({ success: true });
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

  /** A zod schema as the AI SDK and MCP send it: anyOf, pattern, format, multipleOf, $ref, oneOf, allOf, const. */
  const zodSchema = z.toJSONSchema(
    z.object({
      id: z.union([z.string().regex(/^T-\d+$/), z.number().int()]),
      email: z.email(),
      step: z.number().multipleOf(5),
      kind: z.literal('deploy'),
      when: z.iso.datetime(),
      tags: z.array(z.string()).min(1),
    }),
  ) as Record<string, unknown>;

  const valid = {
    id: 'T-12',
    email: 'a@example.com',
    step: 10,
    kind: 'deploy',
    when: '2026-11-25T10:00:00Z',
    tags: ['x'],
  };

  it('should accept a valid input for a zod-generated schema', () => {
    expect(validateJsonSchema({ schema: zodSchema, value: valid })).toEqual({
      success: true,
    });
  });

  it.each<[string, Record<string, unknown>, string]>([
    ['an id matching neither branch of anyOf', { id: 'X-1' }, '$.id'],
    ['an id that breaks the pattern', { id: 'T-x' }, '$.id'],
    ['an invalid email format', { email: 'not-an-email' }, '$.email'],
    ['a step that is no multiple of 5', { step: 7 }, '$.step'],
    ['a wrong const', { kind: 'build' }, '$.kind'],
    ['an invalid date-time', { when: 'yesterday' }, '$.when'],
    ['an empty array below minItems', { tags: [] }, '$.tags'],
    ['a fractional integer branch', { id: 1.5 }, '$.id'],
  ])('should reject %s', (_label, change, path) => {
    const result = validateJsonSchema({
      schema: zodSchema,
      value: { ...valid, ...change },
    });

    expect(result.success).toBe(false);
    expect(
      result.success === false &&
        result.errors.every((error) => error.startsWith(`${path}: `)),
    ).toBe(true);
  });

  it('should follow $ref and check oneOf and allOf', () => {
    const referencing = {
      $defs: { positive: { type: 'integer', minimum: 1 } },
      type: 'object',
      properties: {
        count: { $ref: '#/$defs/positive' },
        shape: { oneOf: [{ const: 'a' }, { const: 'b' }] },
        both: { allOf: [{ type: 'string' }, { maxLength: 2 }] },
      },
    } as const;

    expect(
      validateJsonSchema({
        schema: referencing,
        value: { count: 0, shape: 'c', both: 'abc' },
      }),
    ).toEqual({
      success: false,
      errors: [
        '$.count: 0 is less than 1.',
        '$.shape: Instance does not match exactly one subschema (0 matches).',
        '$.both: String is too long (3 > 2).',
      ],
    });
  });
});
