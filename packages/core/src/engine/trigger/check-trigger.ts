import type { AutoContextConfig } from '../../vocabulary/config/config';
import { InvalidArgumentError } from '../../vocabulary/error/invalid-argument-error';
import type { Message } from '../../vocabulary/message/message';
import type { TokenCounter } from '../../state/token/token-counter';

export interface CheckTriggerOptions {
  /** The working messages the model would see. */
  readonly messages: readonly Message[];
  /** Resolved configuration (`resolveConfig`): `msgThreshold`, `maxToken`, `tokenRatio`. */
  readonly config: Pick<
    AutoContextConfig,
    'msgThreshold' | 'maxToken' | 'tokenRatio'
  >;
  /** Counts the messages; cached and incremental, so a turn costs its new messages. */
  readonly counter: TokenCounter;
  /**
   * Tokens of what the adapter sends besides the messages: system prompt and
   * tool schemas (`countFixedTokens`). Added after calibration.
   * @default 0
   */
  readonly fixedTokens?: number;
  /**
   * Factor applied to the counted message tokens: the provider-reported input
   * tokens divided by our estimate for the same prompt, from adapters. Must be
   * greater than 0.
   * @default 1
   */
  readonly calibration?: number;
}

export interface TriggerCheck {
  /** `messageCountReached || tokensReached`. */
  readonly triggered: boolean;
  /** `messageCount >= msgThreshold`. */
  readonly messageCountReached: boolean;
  /** `tokenCount >= tokenThreshold`. */
  readonly tokensReached: boolean;
  readonly messageCount: number;
  /** `round(counted message tokens × calibration) + fixedTokens`. */
  readonly tokenCount: number;
  /** `floor(maxToken × tokenRatio)`. */
  readonly tokenThreshold: number;
  readonly msgThreshold: number;
}

/**
 * Whether a conversation has reached a compression trigger: the message count
 * (`msgThreshold`) or the token budget (`maxToken × tokenRatio`). A result,
 * not an exception: "below the threshold" is an expected outcome.
 *
 * @throws {InvalidArgumentError} when `calibration` is not a finite number > 0
 * or `fixedTokens` is not a finite number ≥ 0.
 */
export function checkTrigger({
  messages,
  config,
  counter,
  fixedTokens = 0,
  calibration = 1,
}: CheckTriggerOptions): TriggerCheck {
  if (
    typeof calibration !== 'number' ||
    !Number.isFinite(calibration) ||
    calibration <= 0
  ) {
    throw new InvalidArgumentError({
      parameter: 'calibration',
      value: calibration,
      message: `must be a finite number greater than 0, received ${String(calibration)}`,
    });
  }
  if (
    typeof fixedTokens !== 'number' ||
    !Number.isFinite(fixedTokens) ||
    fixedTokens < 0
  ) {
    throw new InvalidArgumentError({
      parameter: 'fixedTokens',
      value: fixedTokens,
      message: `must be a finite number of at least 0, received ${String(fixedTokens)}`,
    });
  }
  const messageCount = messages.length;
  const tokenThreshold = Math.floor(config.maxToken * config.tokenRatio);
  const tokenCount =
    Math.round(counter.countMessages(messages) * calibration) + fixedTokens;
  const messageCountReached = messageCount >= config.msgThreshold;
  const tokensReached = tokenCount >= tokenThreshold;
  return {
    triggered: messageCountReached || tokensReached,
    messageCountReached,
    tokensReached,
    messageCount,
    tokenCount,
    tokenThreshold,
    msgThreshold: config.msgThreshold,
  };
}
