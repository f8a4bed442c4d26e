import { Validator } from '@cfworker/json-schema';
import type { OutputUnit, Schema, SchemaDraft } from '@cfworker/json-schema';
import type { JsonSchema } from './json-schema';

/** The outcome of `validateJsonSchema`: data, never an exception. */
export type JsonSchemaValidation =
  | { readonly success: true }
  | { readonly success: false; readonly errors: readonly string[] };

/** Most problems reported for one value (the rest are counted). */
const MAX_ERRORS = 10;

/** Keywords whose errors only say that a child failed (the child's own error follows). */
const WRAPPER_KEYWORDS = new Set([
  'properties',
  'patternProperties',
  'items',
  'prefixItems',
  'additionalItems',
  'allOf',
  '$ref',
  '$dynamicRef',
  '$recursiveRef',
  'dependentSchemas',
  'contains',
  'if',
  'then',
  'else',
]);

/** Validators by schema object: tools keep their schema for the agent's life. */
const validators = new WeakMap<object, Validator>();

/**
 * Checks `value` against a tool's input schema with a full JSON Schema
 * validator (`@cfworker/json-schema`: drafts 4, 7, 2019-09 and 2020-12, with
 * `anyOf` / `oneOf` / `allOf`, `$ref`, `pattern`, `format`, `multipleOf`, …,
 * as zod, valibot and arktype generate them; no code generation, so it runs
 * on edge runtimes). The draft comes from `$schema`, else 2020-12. Each
 * problem names its JSON path (`$.files[2].path: Instance type "number" is
 * invalid. Expected "string".`), so the model can fix its call. A schema the
 * validator cannot use is reported as a problem too, never thrown.
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
  let units: readonly OutputUnit[];
  try {
    const result = getValidator(schema).validate(value);
    if (result.valid) return { success: true };
    units = result.errors;
  } catch (error) {
    return {
      success: false,
      errors: [
        `the tool's input schema cannot be used: ${error instanceof Error ? error.message : String(error)}`,
      ],
    };
  }
  const alternatives = units
    .filter(
      (unit) =>
        unit.keyword === 'anyOf' ||
        unit.keyword === 'oneOf' ||
        unit.keyword === 'not',
    )
    .map((unit) => `${unit.keywordLocation}/`);
  const errors: string[] = [];
  const seen = new Set<string>();
  for (const unit of units) {
    if (WRAPPER_KEYWORDS.has(unit.keyword)) continue;
    // The branches of anyOf / oneOf / not: their verdict is the parent's error.
    if (alternatives.some((prefix) => unit.keywordLocation.startsWith(prefix)))
      continue;
    const line = `${toJsonPath(unit.instanceLocation)}: ${unit.error}`;
    if (seen.has(line)) continue;
    seen.add(line);
    errors.push(line);
  }
  if (errors.length === 0) {
    errors.push('$: does not match the schema');
  }
  const shown = errors.slice(0, MAX_ERRORS);
  if (errors.length > MAX_ERRORS) {
    shown.push(`… and ${errors.length - MAX_ERRORS} more problems`);
  }
  return { success: false, errors: shown };
}

function getValidator(schema: JsonSchema): Validator {
  const cached = validators.get(schema);
  if (cached !== undefined) return cached;
  // The validator annotates the schema it is given (`__absolute_uri__`):
  // give it a copy, so frozen schemas work and the tool's stays untouched.
  const validator = new Validator(
    structuredClone(schema) as unknown as Schema,
    draftOf(schema.$schema),
    false,
  );
  validators.set(schema, validator);
  return validator;
}

function draftOf(uri: unknown): SchemaDraft {
  if (typeof uri !== 'string') return '2020-12';
  if (uri.includes('draft-04')) return '4';
  if (uri.includes('draft-07') || uri.includes('draft-06')) return '7';
  if (uri.includes('2019-09')) return '2019-09';
  return '2020-12';
}

/** `#/files/0/path` (a JSON pointer in a URI fragment) → `$.files[0].path`. */
function toJsonPath(location: string): string {
  const pointer = location.startsWith('#') ? location.slice(1) : location;
  if (pointer === '' || pointer === '/') return '$';
  let path = '$';
  for (const raw of pointer.split('/').slice(1)) {
    let segment: string;
    try {
      segment = decodeURIComponent(raw);
    } catch {
      segment = raw;
    }
    segment = segment.replace(/~1/g, '/').replace(/~0/g, '~');
    if (/^(?:0|[1-9]\d*)$/.test(segment)) path += `[${segment}]`;
    else if (/^[A-Za-z_$][\w$]*$/.test(segment)) path += `.${segment}`;
    else path += `[${JSON.stringify(segment)}]`;
  }
  return path;
}
