import { InvalidArgumentError } from '@acm/core';
import type {
  Message,
  Plan,
  PlanProvider,
  PlanSubtask,
  SubtaskState,
  ToolResultPart,
} from '@acm/core';
import type { AgentTool } from '../tool/agent-tool';
import { defineTool } from '../tool/define-tool';

/** A subtask as `createPlan` and `reviseCurrentPlan` take it. */
export interface SubtaskInput {
  readonly name: string;
  readonly description?: string;
}

/** Options of `PlanNotebook.createPlan` (the `create_plan` tool). */
export interface CreatePlanOptions {
  readonly name: string;
  readonly description: string;
  readonly expectedOutcome: string;
  readonly subtasks: readonly SubtaskInput[];
}

/** Options of `PlanNotebook.reviseCurrentPlan` (the `revise_current_plan` tool). */
export interface ReviseCurrentPlanOptions {
  /** Where: the subtask to revise or delete, or the index to insert at. */
  readonly subtaskIndex: number;
  readonly action: 'add' | 'revise' | 'delete';
  /** The new subtask (`add`, `revise`). */
  readonly subtask?: SubtaskInput;
}

/** Tool names of the notebook, as in core's `PLAN_TOOL_NAMES`. */
const TOOL_NAMES = {
  createPlan: 'create_plan',
  reviseCurrentPlan: 'revise_current_plan',
  updateSubtaskState: 'update_subtask_state',
  finishSubtask: 'finish_subtask',
  finishPlan: 'finish_plan',
  viewSubtasks: 'view_subtasks',
  getSubtaskCount: 'get_subtask_count',
} as const;

/** Tools that change the plan; `replay` re-applies their successful calls. */
const CHANGING_TOOLS: ReadonlySet<string> = new Set([
  TOOL_NAMES.createPlan,
  TOOL_NAMES.reviseCurrentPlan,
  TOOL_NAMES.updateSubtaskState,
  TOOL_NAMES.finishSubtask,
  TOOL_NAMES.finishPlan,
]);

const subtaskSchema = {
  type: 'object',
  properties: {
    name: { type: 'string', description: 'Short name of the subtask.' },
    description: { type: 'string', description: 'What the subtask does.' },
  },
  required: ['name'],
  additionalProperties: false,
} as const;

const indexSchema = {
  type: 'integer',
  minimum: 0,
  description: 'Index of the subtask, from 0.',
} as const;

/**
 * The agent's plan: a name, a goal, an expected outcome and subtasks with
 * states. The model works it through the usual plan tools (`getTools()`:
 * `create_plan`, `revise_current_plan`, `update_subtask_state`,
 * `finish_subtask`, `finish_plan`, `view_subtasks`, `get_subtask_count`),
 * and `getCurrentPlan()` feeds plan-aware compression (core's
 * `PlanNotebook`). Methods throw `InvalidArgumentError` for a bad index or
 * when there is no plan; as tools, those become error results.
 */
export class PlanNotebook implements PlanProvider {
  #plan: Plan | undefined;
  readonly #finished: Plan[] = [];

  constructor({
    plan,
  }: {
    /**
     * The plan to start from.
     * @default undefined (no plan)
     */
    plan?: Plan;
  } = {}) {
    this.#plan = plan === undefined ? undefined : freezePlan(plan);
  }

  /** The active plan, or `undefined`. */
  getCurrentPlan(): Plan | undefined {
    return this.#plan;
  }

  /** Plans finished or abandoned with `finishPlan`, oldest first. */
  getFinishedPlans(): readonly Plan[] {
    return [...this.#finished];
  }

  /** Starts a plan (replacing the active one); the first subtask is in progress. */
  createPlan({
    name,
    description,
    expectedOutcome,
    subtasks,
  }: CreatePlanOptions): string {
    this.#plan = freezePlan({
      name,
      description,
      expectedOutcome,
      subtasks: subtasks.map((subtask, index) =>
        toSubtask(subtask, index === 0 ? 'in_progress' : 'todo'),
      ),
    });
    return `Plan "${name}" created with ${subtasks.length} subtask${subtasks.length === 1 ? '' : 's'}.`;
  }

  /** Adds, revises or deletes a subtask of the active plan. */
  reviseCurrentPlan({
    subtaskIndex,
    action,
    subtask,
  }: ReviseCurrentPlanOptions): string {
    const plan = this.#requirePlan();
    const subtasks = [...plan.subtasks];
    if (action === 'delete') {
      this.#requireIndex(subtaskIndex);
      const [removed] = subtasks.splice(subtaskIndex, 1);
      this.#plan = freezePlan({ ...plan, subtasks });
      return `Subtask ${subtaskIndex} "${removed!.name}" deleted.`;
    }
    if (subtask === undefined) {
      throw new InvalidArgumentError({
        parameter: 'subtask',
        value: subtask,
        message: `is required to ${action} a subtask`,
      });
    }
    if (action === 'add') {
      if (
        !Number.isInteger(subtaskIndex) ||
        subtaskIndex < 0 ||
        subtaskIndex > subtasks.length
      ) {
        throw indexError(subtaskIndex, subtasks.length + 1);
      }
      subtasks.splice(subtaskIndex, 0, toSubtask(subtask, 'todo'));
      this.#plan = freezePlan({ ...plan, subtasks });
      return `Subtask "${subtask.name}" added at ${subtaskIndex}.`;
    }
    const current = this.#requireIndex(subtaskIndex);
    subtasks[subtaskIndex] = toSubtask(subtask, current.state);
    this.#plan = freezePlan({ ...plan, subtasks });
    return `Subtask ${subtaskIndex} revised to "${subtask.name}".`;
  }

  /** Sets a subtask's state (`done` through `finishSubtask`). */
  updateSubtaskState({
    subtaskIndex,
    state,
  }: {
    subtaskIndex: number;
    state: Exclude<SubtaskState, 'done'>;
  }): string {
    this.#setState(subtaskIndex, state);
    return `Subtask ${subtaskIndex} is now ${state}.`;
  }

  /** Marks a subtask done and starts the next subtask still to do. */
  finishSubtask({
    subtaskIndex,
    outcome = '',
  }: {
    subtaskIndex: number;
    outcome?: string;
  }): string {
    this.#setState(subtaskIndex, 'done');
    const plan = this.#plan!;
    const next = plan.subtasks.findIndex((subtask) => subtask.state === 'todo');
    if (
      next >= 0 &&
      !plan.subtasks.some((subtask) => subtask.state === 'in_progress')
    ) {
      this.#setState(next, 'in_progress');
    }
    const done = outcome === '' ? '' : ` Outcome: ${outcome}`;
    return next >= 0
      ? `Subtask ${subtaskIndex} done.${done} Next: subtask ${next} "${plan.subtasks[next]!.name}".`
      : `Subtask ${subtaskIndex} done.${done} No subtask left to do.`;
  }

  /** Ends the active plan (done or abandoned); there is no plan afterwards. */
  finishPlan({
    state,
    outcome = '',
  }: {
    state: 'done' | 'abandoned';
    outcome?: string;
  }): string {
    const plan = this.#requirePlan();
    this.#finished.push(plan);
    this.#plan = undefined;
    return `Plan "${plan.name}" ${state === 'done' ? 'finished' : 'abandoned'}.${outcome === '' ? '' : ` Outcome: ${outcome}`}`;
  }

  /** The subtasks (all, or those at `subtaskIndices`), one a line. */
  viewSubtasks({
    subtaskIndices,
  }: { subtaskIndices?: readonly number[] } = {}): string {
    const plan = this.#requirePlan();
    const indices =
      subtaskIndices ?? plan.subtasks.map((_subtask, index) => index);
    return indices
      .map((index) => {
        const subtask = this.#requireIndex(index);
        const description =
          subtask.description === undefined ? '' : `: ${subtask.description}`;
        return `${index}. [${subtask.state}] ${subtask.name}${description}`;
      })
      .join('\n');
  }

  /** Number of subtasks of the active plan. */
  getSubtaskCount(): number {
    return this.#requirePlan().subtasks.length;
  }

  /**
   * Rebuilds the notebook from a stored conversation: starts empty and
   * re-applies, in order, every plan-changing tool call whose result is
   * present and not an error. The agent calls it after loading a session.
   */
  replay(messages: readonly Message[]): void {
    this.#plan = undefined;
    this.#finished.length = 0;
    const results = new Map<string, ToolResultPart>();
    for (const message of messages) {
      for (const part of message.content) {
        if (part.type === 'tool-result') results.set(part.toolCallId, part);
      }
    }
    const tools = new Map(this.getTools().map((tool) => [tool.name, tool]));
    for (const message of messages) {
      if (message.role !== 'assistant') continue;
      for (const part of message.content) {
        if (part.type !== 'tool-call' || !CHANGING_TOOLS.has(part.toolName)) {
          continue;
        }
        const result = results.get(part.toolCallId);
        if (result === undefined || result.isError === true) continue;
        void tools.get(part.toolName)!.execute(part.input, {
          toolCallId: part.toolCallId,
          signal: NEVER_ABORTED,
        });
      }
    }
  }

  /** The plan tools, to register on an agent (`createReActAgent` does it for its notebook). */
  getTools(): readonly AgentTool[] {
    return [
      defineTool<CreatePlanInput>({
        name: TOOL_NAMES.createPlan,
        description:
          'Create a plan for a complex task: a name, the goal, the expected outcome and ordered subtasks. Replaces the active plan.',
        inputSchema: {
          type: 'object',
          properties: {
            name: { type: 'string' },
            description: { type: 'string', description: 'The goal.' },
            expected_outcome: { type: 'string' },
            subtasks: { type: 'array', items: subtaskSchema, minItems: 1 },
          },
          required: ['name', 'description', 'expected_outcome', 'subtasks'],
          additionalProperties: false,
        },
        execute: (input: CreatePlanInput) =>
          this.createPlan({
            name: input.name,
            description: input.description,
            expectedOutcome: input.expected_outcome,
            subtasks: input.subtasks,
          }),
      }),
      defineTool<ReviseInput>({
        name: TOOL_NAMES.reviseCurrentPlan,
        description: 'Add, revise or delete a subtask of the active plan.',
        inputSchema: {
          type: 'object',
          properties: {
            subtask_idx: indexSchema,
            action: { type: 'string', enum: ['add', 'revise', 'delete'] },
            subtask: subtaskSchema,
          },
          required: ['subtask_idx', 'action'],
          additionalProperties: false,
        },
        execute: (input: ReviseInput) =>
          this.reviseCurrentPlan({
            subtaskIndex: input.subtask_idx,
            action: input.action,
            subtask: input.subtask,
          }),
      }),
      defineTool<UpdateStateInput>({
        name: TOOL_NAMES.updateSubtaskState,
        description:
          'Set the state of a subtask: todo, in_progress or abandoned (use finish_subtask when it is done).',
        inputSchema: {
          type: 'object',
          properties: {
            subtask_idx: indexSchema,
            state: {
              type: 'string',
              enum: ['todo', 'in_progress', 'abandoned'],
            },
          },
          required: ['subtask_idx', 'state'],
          additionalProperties: false,
        },
        execute: (input: UpdateStateInput) =>
          this.updateSubtaskState({
            subtaskIndex: input.subtask_idx,
            state: input.state,
          }),
      }),
      defineTool<FinishSubtaskInput>({
        name: TOOL_NAMES.finishSubtask,
        description:
          'Mark a subtask done, with its outcome; the next subtask to do starts.',
        inputSchema: {
          type: 'object',
          properties: {
            subtask_idx: indexSchema,
            subtask_outcome: { type: 'string' },
          },
          required: ['subtask_idx'],
          additionalProperties: false,
        },
        execute: (input: FinishSubtaskInput) =>
          this.finishSubtask({
            subtaskIndex: input.subtask_idx,
            outcome: input.subtask_outcome,
          }),
      }),
      defineTool<FinishPlanInput>({
        name: TOOL_NAMES.finishPlan,
        description:
          'End the active plan as done or abandoned, with its outcome.',
        inputSchema: {
          type: 'object',
          properties: {
            state: { type: 'string', enum: ['done', 'abandoned'] },
            outcome: { type: 'string' },
          },
          required: ['state'],
          additionalProperties: false,
        },
        execute: (input: FinishPlanInput) =>
          this.finishPlan({ state: input.state, outcome: input.outcome }),
      }),
      defineTool<ViewInput>({
        name: TOOL_NAMES.viewSubtasks,
        description: 'Show the subtasks of the active plan with their states.',
        inputSchema: {
          type: 'object',
          properties: {
            subtask_idx: { type: 'array', items: indexSchema },
          },
          additionalProperties: false,
        },
        execute: (input: ViewInput) =>
          this.viewSubtasks({ subtaskIndices: input.subtask_idx }),
      }),
      defineTool<Record<string, never>>({
        name: TOOL_NAMES.getSubtaskCount,
        description: 'Number of subtasks of the active plan.',
        inputSchema: {
          type: 'object',
          properties: {},
          additionalProperties: false,
        },
        execute: () => this.getSubtaskCount(),
      }),
    ];
  }

  #requirePlan(): Plan {
    if (this.#plan === undefined) {
      throw new InvalidArgumentError({
        parameter: 'plan',
        value: undefined,
        message: 'there is no active plan; create one with create_plan',
      });
    }
    return this.#plan;
  }

  #requireIndex(subtaskIndex: number): PlanSubtask {
    const plan = this.#requirePlan();
    const subtask = Number.isInteger(subtaskIndex)
      ? plan.subtasks[subtaskIndex]
      : undefined;
    if (subtask === undefined) {
      throw indexError(subtaskIndex, plan.subtasks.length);
    }
    return subtask;
  }

  #setState(subtaskIndex: number, state: SubtaskState): void {
    const subtask = this.#requireIndex(subtaskIndex);
    const plan = this.#plan!;
    const subtasks = [...plan.subtasks];
    subtasks[subtaskIndex] = { ...subtask, state };
    this.#plan = freezePlan({ ...plan, subtasks });
  }
}

interface CreatePlanInput {
  name: string;
  description: string;
  expected_outcome: string;
  subtasks: SubtaskInput[];
}
interface ReviseInput {
  subtask_idx: number;
  action: 'add' | 'revise' | 'delete';
  subtask?: SubtaskInput;
}
interface UpdateStateInput {
  subtask_idx: number;
  state: 'todo' | 'in_progress' | 'abandoned';
}
interface FinishSubtaskInput {
  subtask_idx: number;
  subtask_outcome?: string;
}
interface FinishPlanInput {
  state: 'done' | 'abandoned';
  outcome?: string;
}
interface ViewInput {
  subtask_idx?: number[];
}

const NEVER_ABORTED = new AbortController().signal;

function toSubtask(subtask: SubtaskInput, state: SubtaskState): PlanSubtask {
  return subtask.description === undefined
    ? { name: subtask.name, state }
    : { name: subtask.name, description: subtask.description, state };
}

function freezePlan(plan: Plan): Plan {
  return Object.freeze({
    ...plan,
    subtasks: Object.freeze(
      plan.subtasks.map((subtask) => Object.freeze({ ...subtask })),
    ),
  });
}

function indexError(subtaskIndex: number, count: number): InvalidArgumentError {
  return new InvalidArgumentError({
    parameter: 'subtask_idx',
    value: subtaskIndex,
    message:
      count === 0
        ? 'the plan has no subtasks'
        : `must be an integer from 0 to ${count - 1}, received ${subtaskIndex}`,
  });
}

/** The notebook's tool names; each is one of core's `PLAN_TOOL_NAMES`, so compression keeps them out of summaries. */
export const PLAN_NOTEBOOK_TOOL_NAMES: readonly string[] =
  Object.values(TOOL_NAMES);
