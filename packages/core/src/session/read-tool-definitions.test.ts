import { describe, expect, it } from 'vitest';
import { readToolDefinitions } from './read-tool-definitions';

describe('readToolDefinitions', () => {
  it('should read a tool set as JSON definitions and keep an array as it is', () => {
    const schema = { type: 'object', properties: { city: { type: 'string' } } };
    const list = [{ name: 'a' }];
    expect(readToolDefinitions(list)).toBe(list);
    expect(readToolDefinitions(undefined)).toEqual([]);
    expect(
      readToolDefinitions({
        weather: {
          description: 'Weather',
          inputSchema: { jsonSchema: schema },
        },
        plain: { inputSchema: schema },
        zod: { inputSchema: { _def: {}, parse: () => null } },
      }),
    ).toEqual([
      { name: 'weather', description: 'Weather', inputSchema: schema },
      { name: 'plain', description: undefined, inputSchema: schema },
      { name: 'zod', description: undefined, inputSchema: {} },
    ]);
  });
});
