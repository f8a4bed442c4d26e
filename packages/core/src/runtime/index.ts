export { randomId } from './random-id';
export { systemClock } from './system-clock';
