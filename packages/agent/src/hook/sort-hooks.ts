import type { AgentHook } from './agent-hook';

/** The hooks by priority, lower first; equal priorities keep their order. */
export function sortHooks(hooks: readonly AgentHook[]): readonly AgentHook[] {
  return hooks
    .map((hook, index) => ({ hook, index }))
    .sort(
      (left, right) =>
        (left.hook.priority ?? 0) - (right.hook.priority ?? 0) ||
        left.index - right.index,
    )
    .map(({ hook }) => hook);
}
