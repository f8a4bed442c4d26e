import type { RenderedSummaryRequest } from '../engine/prompt/render-summary-request';
import { renderSummaryRequest } from '../engine/prompt/render-summary-request';
import type {
  Summarizer,
  SummaryRequest,
} from '../summary/summarizer/summarizer';
import { readProviderUsage } from './read-provider-usage';

/** What a framework's chat model answered to a summary request. */
export interface ChatSummaryReply {
  readonly text: string;
  /** The provider's usage, in any shape `readProviderUsage` reads. */
  readonly usage?: unknown;
}

/**
 * A core `Summarizer` over one call of a framework's chat model: core renders
 * each request (`renderSummaryRequest`: the instructions as the system text;
 * transcript, length target and plan hint as the user text), `call` sends
 * both with the request's `signal` (and `maxOutputTokens` when it can), and
 * the usage it returns becomes the summary's (recorded in the compression
 * events). A rejected call fails its compression pass, which then changes
 * nothing.
 */
export function createChatSummarizer(
  call: (
    prompt: RenderedSummaryRequest,
    request: SummaryRequest,
  ) => Promise<ChatSummaryReply>,
): Summarizer {
  return async (request) => {
    const reply = await call(renderSummaryRequest(request), request);
    const usage = readProviderUsage(reply.usage);
    return usage === undefined
      ? { text: reply.text }
      : { text: reply.text, usage };
  };
}
