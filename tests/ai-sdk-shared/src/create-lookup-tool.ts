import type { AiSdkMajor } from './ai-sdk-major';

/** The scenarios' `lookup` tool (`{ q: string }` in, `execute`'s answer out), built with the major's `tool` and `jsonSchema`. */
export function createLookupTool(
  major: Pick<AiSdkMajor, 'tool' | 'jsonSchema'>,
  execute: (input: { q: string }) => Promise<string>,
): unknown {
  return major.tool({
    description: 'Looks something up.',
    inputSchema: major.jsonSchema({
      type: 'object',
      properties: { q: { type: 'string' } },
      required: ['q'],
    }),
    execute,
  });
}
