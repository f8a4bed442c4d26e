/**
 * Tool definitions as a request counts them (`countFixedTokens`): an array
 * as it is; a record of tools (an AI SDK `ToolSet`, plain data read without
 * importing `ai`) as `{ name, description, inputSchema }` with the JSON
 * schema of each tool's schema (`jsonSchema()` results, plain objects; a
 * zod or Standard Schema object that cannot be read here counts as `{}`).
 */
export function readToolDefinitions(
  tools: Readonly<Record<string, unknown>> | readonly unknown[] | undefined,
): readonly unknown[] {
  if (tools === undefined) return [];
  if (Array.isArray(tools)) return tools;
  return Object.entries(tools).map(([name, definition]) => {
    const { description, inputSchema } = (definition ?? {}) as {
      description?: unknown;
      inputSchema?: unknown;
    };
    return { name, description, inputSchema: readJsonSchema(inputSchema) };
  });
}

/** The JSON schema of an AI SDK schema (`jsonSchema()` result) or a plain object. */
function readJsonSchema(schema: unknown): unknown {
  if (schema === null || typeof schema !== 'object') return schema;
  try {
    const inner = (schema as { jsonSchema?: unknown }).jsonSchema;
    if (inner !== undefined && typeof inner !== 'function') return inner;
  } catch {
    // a lazy schema that cannot be built here: count the object itself
  }
  return '~standard' in schema || '_def' in schema ? {} : schema;
}
