import type { BaseMessage } from '@langchain/core/messages';
import { AIMessage } from '@langchain/core/messages';
import { BaseChatModel } from '@langchain/core/language_models/chat_models';
import type { ChatResult } from '@langchain/core/outputs';

/**
 * A LangChain chat model for tests that writes short "summaries": the first
 * `summaryChars` characters of the transcript, with usage_metadata. Records
 * every call.
 */
export class SummaryChatModel extends BaseChatModel {
  readonly calls: BaseMessage[][] = [];
  readonly signals: (AbortSignal | undefined)[] = [];

  constructor(private readonly summaryChars = 160) {
    super({});
  }

  _llmType(): string {
    return 'acm-test-summary';
  }

  // eslint-disable-next-line @typescript-eslint/require-await
  async _generate(
    messages: BaseMessage[],
    options: this['ParsedCallOptions'],
  ): Promise<ChatResult> {
    this.calls.push(messages);
    this.signals.push(options.signal);
    const transcript = messages.at(-1)?.text ?? '';
    const text = `Summary: ${transcript.slice(0, this.summaryChars).replace(/\s+/g, ' ')}`;
    const message = new AIMessage({
      content: text,
      usage_metadata: {
        input_tokens: Math.ceil(transcript.length / 4),
        output_tokens: Math.ceil(text.length / 4),
        total_tokens: Math.ceil((transcript.length + text.length) / 4),
      },
    });
    return { generations: [{ text, message }] };
  }
}
