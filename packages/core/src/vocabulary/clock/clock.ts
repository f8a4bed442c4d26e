/** A source of time in epoch milliseconds. Core never reads the clock itself. */
export interface Clock {
  now(): number;
}

/** Produces a fresh unique id on every call. */
export type IdGenerator = () => string;
