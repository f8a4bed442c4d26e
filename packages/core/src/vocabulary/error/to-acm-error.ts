import { AcmError } from './acm-error';

/** Normalizes any thrown value into an {@link AcmError}, keeping the original as `cause`. */
export function toAcmError(cause: unknown): AcmError {
  if (AcmError.isInstance(cause)) return cause;
  const message =
    cause instanceof Error
      ? cause.message
      : typeof cause === 'string'
        ? cause
        : 'Unknown error';
  return new AcmError({ code: 'UNKNOWN', message, cause });
}
