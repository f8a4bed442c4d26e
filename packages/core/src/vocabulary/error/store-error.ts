import { AcmError } from './acm-error';

const name = 'AcmStoreError';
const marker = `acm.error.${name}`;
const symbol = Symbol.for(marker);

/** A session store could not load, save or delete (server down, disk full, corrupt record...). */
export class StoreError extends AcmError {
  private readonly [symbol] = true;
  declare readonly code: 'STORE_FAILURE';

  readonly sessionId: string | undefined;
  readonly operation: 'load' | 'save' | 'delete' | 'list' | 'connect';

  constructor({
    sessionId,
    operation,
    message,
    cause,
  }: {
    sessionId?: string;
    operation: 'load' | 'save' | 'delete' | 'list' | 'connect';
    message: string;
    cause?: unknown;
  }) {
    super({ name, code: 'STORE_FAILURE', message, cause });
    this.sessionId = sessionId;
    this.operation = operation;
  }

  static override isInstance(error: unknown): error is StoreError {
    return AcmError.hasMarker(error, marker);
  }
}
