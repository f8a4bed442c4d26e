export type { AgentTool, ToolExecutionOptions } from './agent-tool';
export type { JsonSchema, JsonSchemaType } from './json-schema';
export type { ToolDefinition } from './tool-definition';
export { validateJsonSchema } from './validate-json-schema';
export type { JsonSchemaValidation } from './validate-json-schema';
export { defineTool } from './define-tool';
