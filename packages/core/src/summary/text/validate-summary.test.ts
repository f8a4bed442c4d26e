import { describe, expect, it } from 'vitest';
import { validateSummary } from './validate-summary';

const input = `[user]\nPlease check the deployment.\n\n[tool result bash id=call_1]\n${'log line\n'.repeat(50)}`;

describe('validateSummary', () => {
  it('should accept a non-empty summary shorter than its input', () => {
    expect(
      validateSummary({ summary: 'The deployment of api-7 succeeded.', input }),
    ).toEqual({ ok: true });
  });

  it.each(['', '   ', '\n\t'])(
    'should reject a blank summary (%j)',
    (summary) => {
      expect(validateSummary({ summary, input })).toEqual({
        ok: false,
        reason: 'empty',
      });
    },
  );

  it('should reject a summary that is not shorter than its input', () => {
    expect(validateSummary({ summary: 'abcd', input: 'abcd' })).toEqual({
      ok: false,
      reason: 'not-shorter',
    });
    expect(validateSummary({ summary: 'abcde', input: 'abcd' })).toEqual({
      ok: false,
      reason: 'not-shorter',
    });
  });

  it.each([
    'Error generating summary: upstream timed out',
    "I'm sorry, but I can't help with that.",
    'I am sorry, but I cannot summarize this conversation.',
    "Sorry, I can't do that.",
    'I cannot assist with this request.',
    '{"error": {"message": "Invalid request", "type": "invalid_request_error"}}',
    '{"type":"error","error":{"type":"overloaded_error","message":"Overloaded"}}',
    '{"message": "Rate limit exceeded", "code": 429}',
    '<!DOCTYPE html><html><body>502 Bad Gateway</body></html>',
    'HTTP/1.1 503 Service Unavailable',
    '429 Too Many Requests',
    'Rate limit reached for gpt-4o in organization org-123.',
    "This model's maximum context length is 128000 tokens.",
  ])('should reject an error or refusal text (%s)', (summary) => {
    expect(validateSummary({ summary, input })).toEqual({
      ok: false,
      reason: 'error-text',
    });
  });

  it('should accept a summary about rate limits when the input is about them', () => {
    const rateInput = `${input}\n[tool error http id=call_2]\n429 rate limit exceeded for /v1/users`;
    expect(
      validateSummary({
        summary:
          'The /v1/users endpoint hit its rate limit (429); retry after 60 s.',
        input: rateInput,
      }),
    ).toEqual({ ok: true });
  });

  it.each([
    'Rate limit reached for gpt-4o in organization org-123 on requests per min. Please try again in 20s.',
    'Too many requests',
    'You exceeded your current quota, please check your plan and billing details.',
    'The service is temporarily unavailable. Please try again later.',
  ])(
    'should reject a provider error reply even when the transcript mentions the same failure (%s)',
    (summary) => {
      const rateInput = `${input}\n[tool error http id=call_2]\n429 rate limit exceeded, too many requests, quota exceeded, service unavailable`;
      expect(validateSummary({ summary, input: rateInput })).toEqual({
        ok: false,
        reason: 'error-text',
      });
      expect(validateSummary({ summary, input })).toEqual({
        ok: false,
        reason: 'error-text',
      });
    },
  );

  it('should accept a summary about rate limits whatever the input mentions', () => {
    const summary =
      'The /v1/users endpoint hit its rate limit (429); retry after 60 s.';
    expect(validateSummary({ summary, input })).toEqual({ ok: true });
  });

  it('should reject a value that is not a string as invalid-result', () => {
    expect(
      validateSummary({ summary: 42 as unknown as string, input }),
    ).toEqual({ ok: false, reason: 'invalid-result' });
  });

  it('should accept a long summary that mentions an error in passing', () => {
    const summary = `The tests ran. ${'Details of the run. '.repeat(30)}One test failed with an internal server error from the mock.`;
    expect(validateSummary({ summary, input: input.repeat(3) })).toEqual({
      ok: true,
    });
  });

  it('should accept a summary that starts with an error it reports', () => {
    expect(
      validateSummary({
        summary:
          "KeyError: 'name' in src/app.py:12; fixed by adding a default.",
        input,
      }),
    ).toEqual({ ok: true });
  });
});
