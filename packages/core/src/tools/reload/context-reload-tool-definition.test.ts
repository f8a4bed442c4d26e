import { describe, expect, it } from 'vitest';
import { CONTEXT_RELOAD_INSTRUCTION } from './context-reload-instruction';
import {
  CONTEXT_RELOAD_TOOL_NAME,
  contextReloadToolDefinition,
} from './context-reload-tool-definition';

describe('contextReloadToolDefinition', () => {
  it('should be wire-compatible with the reference tool', () => {
    expect(CONTEXT_RELOAD_TOOL_NAME).toBe('context_reload');
    expect(contextReloadToolDefinition.name).toBe('context_reload');
    expect(contextReloadToolDefinition.inputSchema.required).toEqual([
      'working_context_offload_uuid',
    ]);
    expect(
      Object.keys(contextReloadToolDefinition.inputSchema.properties),
    ).toEqual(['working_context_offload_uuid', 'offset']);
  });

  it('should be deeply frozen', () => {
    expect(Object.isFrozen(contextReloadToolDefinition)).toBe(true);
    expect(
      Object.isFrozen(
        contextReloadToolDefinition.inputSchema.properties.offset,
      ),
    ).toBe(true);
  });
});

describe('CONTEXT_RELOAD_INSTRUCTION', () => {
  it('should name the tool, its parameter and the marker exactly as written', () => {
    expect(CONTEXT_RELOAD_INSTRUCTION).toContain(
      '<!-- CONTEXT_OFFLOAD: uuid=<id> -->',
    );
    expect(CONTEXT_RELOAD_INSTRUCTION).toContain(
      'call the context_reload tool with working_context_offload_uuid',
    );
    expect(CONTEXT_RELOAD_INSTRUCTION).toContain('Never mention');
  });
});
