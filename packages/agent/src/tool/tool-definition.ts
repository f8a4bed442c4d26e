import type { JsonSchema } from './json-schema';

/** A tool as the model sees it: name, description, JSON schema of its input. */
export interface ToolDefinition {
  readonly name: string;
  readonly description: string;
  readonly inputSchema: JsonSchema;
}
