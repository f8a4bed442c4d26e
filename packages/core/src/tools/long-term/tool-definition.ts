/** A JSON Schema of one tool parameter (the subset every provider accepts). */
export interface ToolParameterSchema {
  readonly type: 'string' | 'integer' | 'number' | 'boolean' | 'array';
  readonly description: string;
  readonly items?: { readonly type: 'string' };
  readonly minItems?: number;
  readonly maxItems?: number;
  readonly minimum?: number;
  readonly maximum?: number;
}

/**
 * A tool definition in the shape every framework accepts (name, description,
 * JSON schema of the input), the same shape as `contextReloadToolDefinition`.
 */
export interface ToolDefinition<Name extends string = string> {
  readonly name: Name;
  readonly description: string;
  readonly inputSchema: {
    readonly type: 'object';
    readonly properties: Readonly<Record<string, ToolParameterSchema>>;
    readonly required: readonly string[];
    readonly additionalProperties: false;
  };
}

/** Freezes a tool definition and everything in it. */
export function deepFreezeToolDefinition<T>(value: T): T {
  if (value !== null && typeof value === 'object') {
    for (const child of Object.values(value)) deepFreezeToolDefinition(child);
    Object.freeze(value);
  }
  return value;
}
