import type { JsonSchema, JsonSchemaType } from './json-schema';

/** The outcome of `validateJsonSchema`: data, never an exception. */
export type JsonSchemaValidation =
  | { readonly success: true }
  | { readonly success: false; readonly errors: readonly string[] };

/** Most problems reported for one value (the rest are counted). */
const MAX_ERRORS = 10;

/**
 * Checks `value` against the JSON Schema subset tool inputs use: `type`
 * (one or a list), `properties`, `required`, `additionalProperties` (boolean
 * or schema), `items`, `enum`, `const`, `minimum` / `maximum`, `minLength` /
 * `maxLength` and `minItems` / `maxItems`. Other keywords are ignored. Each
 * problem names its JSON path (`$.files[2].path: must be a string`), so the
 * model can fix its call.
 */
export function validateJsonSchema({
  schema,
  value,
}: {
  /** The schema to check against. */
  schema: JsonSchema;
  /** The parsed input. */
  value: unknown;
}): JsonSchemaValidation {
  const errors: string[] = [];
  check(schema, value, '$', errors);
  if (errors.length === 0) return { success: true };
  const shown = errors.slice(0, MAX_ERRORS);
  if (errors.length > MAX_ERRORS) {
    shown.push(`… and ${errors.length - MAX_ERRORS} more problems`);
  }
  return { success: false, errors: shown };
}

function check(
  schema: JsonSchema,
  value: unknown,
  path: string,
  errors: string[],
): void {
  if (schema.type !== undefined) {
    const types: readonly JsonSchemaType[] =
      typeof schema.type === 'string' ? [schema.type] : schema.type;
    if (!types.some((type) => hasType(value, type))) {
      errors.push(
        `${path}: must be ${types.map(article).join(' or ')}, received ${describe(value)}`,
      );
      return;
    }
  }
  if (
    schema.enum !== undefined &&
    !schema.enum.some((option) => isJsonEqual(option, value))
  ) {
    errors.push(
      `${path}: must be one of ${schema.enum.map((option) => JSON.stringify(option)).join(', ')}`,
    );
  }
  if ('const' in schema && !isJsonEqual(schema.const, value)) {
    errors.push(`${path}: must be ${JSON.stringify(schema.const)}`);
  }
  if (typeof value === 'number') {
    if (schema.minimum !== undefined && value < schema.minimum) {
      errors.push(`${path}: must be ≥ ${schema.minimum}, received ${value}`);
    }
    if (schema.maximum !== undefined && value > schema.maximum) {
      errors.push(`${path}: must be ≤ ${schema.maximum}, received ${value}`);
    }
  }
  if (typeof value === 'string') {
    if (schema.minLength !== undefined && value.length < schema.minLength) {
      errors.push(`${path}: must have at least ${schema.minLength} characters`);
    }
    if (schema.maxLength !== undefined && value.length > schema.maxLength) {
      errors.push(`${path}: must have at most ${schema.maxLength} characters`);
    }
  }
  if (Array.isArray(value)) {
    const items: readonly unknown[] = value;
    if (schema.minItems !== undefined && items.length < schema.minItems) {
      errors.push(`${path}: must have at least ${schema.minItems} items`);
    }
    if (schema.maxItems !== undefined && items.length > schema.maxItems) {
      errors.push(`${path}: must have at most ${schema.maxItems} items`);
    }
    if (schema.items !== undefined) {
      const itemSchema = schema.items;
      items.forEach((item, index) =>
        check(itemSchema, item, `${path}[${index}]`, errors),
      );
    }
  }
  if (isRecord(value)) {
    for (const name of schema.required ?? []) {
      if (!Object.hasOwn(value, name)) {
        errors.push(
          `${path}: missing required property ${JSON.stringify(name)}`,
        );
      }
    }
    const properties = schema.properties ?? {};
    for (const [name, propertyValue] of Object.entries(value)) {
      const propertyPath = `${path}.${name}`;
      const propertySchema = Object.hasOwn(properties, name)
        ? properties[name]
        : undefined;
      if (propertySchema !== undefined) {
        check(propertySchema, propertyValue, propertyPath, errors);
      } else if (schema.additionalProperties === false) {
        errors.push(`${propertyPath}: is not an allowed property`);
      } else if (
        schema.additionalProperties !== undefined &&
        schema.additionalProperties !== true
      ) {
        check(schema.additionalProperties, propertyValue, propertyPath, errors);
      }
    }
  }
}

function hasType(value: unknown, type: JsonSchemaType): boolean {
  switch (type) {
    case 'string':
      return typeof value === 'string';
    case 'number':
      return typeof value === 'number' && Number.isFinite(value);
    case 'integer':
      return typeof value === 'number' && Number.isInteger(value);
    case 'boolean':
      return typeof value === 'boolean';
    case 'null':
      return value === null;
    case 'array':
      return Array.isArray(value);
    case 'object':
      return isRecord(value);
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function article(type: JsonSchemaType): string {
  return type === 'integer' || type === 'object' || type === 'array'
    ? `an ${type}`
    : type === 'null'
      ? 'null'
      : `a ${type}`;
}

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'number' && !Number.isInteger(value)) return 'a number';
  if (typeof value === 'number') return 'an integer';
  if (typeof value === 'object') return 'an object';
  return `a ${typeof value}`;
}

function isJsonEqual(left: unknown, right: unknown): boolean {
  if (left === right) return true;
  if (Array.isArray(left) && Array.isArray(right)) {
    const leftItems: readonly unknown[] = left;
    const rightItems: readonly unknown[] = right;
    return (
      leftItems.length === rightItems.length &&
      leftItems.every((item, index) => isJsonEqual(item, rightItems[index]))
    );
  }
  if (isRecord(left) && isRecord(right)) {
    const leftKeys = Object.keys(left);
    return (
      leftKeys.length === Object.keys(right).length &&
      leftKeys.every(
        (key) =>
          Object.hasOwn(right, key) && isJsonEqual(left[key], right[key]),
      )
    );
  }
  return false;
}
