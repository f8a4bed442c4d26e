export type { AgentEvent, AgentEventType } from './agent-event';
export type { AgentRunResult, AgentRunStatus } from './agent-run-result';
export { createReActAgent } from './create-react-agent';
export type { CreateReActAgentOptions } from './create-react-agent';
export type { AgentInput, AgentRunOptions, ReActAgent } from './react-agent';
export { readRunState } from './read-run-state';
export type { RunState } from './read-run-state';
