/** A JSON type name as JSON Schema spells it. */
export type JsonSchemaType =
  'string' | 'number' | 'integer' | 'boolean' | 'object' | 'array' | 'null';

/**
 * A tool's input schema: any JSON Schema (drafts 4, 7, 2019-09, 2020-12).
 * The common keywords are typed; every other keyword (`anyOf`, `$ref`,
 * `pattern`, `format`, …) is allowed, sent to the model and checked by
 * `validateJsonSchema`.
 */
export interface JsonSchema {
  readonly $schema?: string;
  readonly [keyword: string]: unknown;
  readonly type?: JsonSchemaType | readonly JsonSchemaType[];
  readonly properties?: Readonly<Record<string, JsonSchema>>;
  readonly required?: readonly string[];
  readonly enum?: readonly unknown[];
  readonly const?: unknown;
  readonly items?: JsonSchema;
  readonly additionalProperties?: boolean | JsonSchema;
  readonly minimum?: number;
  readonly maximum?: number;
  readonly minLength?: number;
  readonly maxLength?: number;
  readonly minItems?: number;
  readonly maxItems?: number;
  readonly description?: string;
}
