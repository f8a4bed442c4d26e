import { describe, expect, it } from 'vitest';
import * as api from './index';

// The reviewed public surface: a change to this list is an API change (update
// the docs, a changeset and this test together). ADR:
// docs/decisions/2026-11-26-opentelemetry.md
describe('@acm/otel public API', () => {
  it('should export exactly the reviewed runtime values', () => {
    expect(Object.keys(api).sort()).toEqual([
      'ACM_TRACER_NAME',
      'COMPACTION_ATTRIBUTES',
      'COMPACTION_SPAN_NAME',
      'createOpenTelemetryListener',
      'getCompactionAttributes',
    ]);
  });
});
