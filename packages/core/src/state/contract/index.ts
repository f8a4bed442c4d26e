export { assertContract } from './assert-contract';
export { assertStateContract } from './assert-state-contract';
export { checkContract } from './check-contract';
export type { CheckContractOptions } from './check-contract';
export { checkStateContract } from './check-state-contract';
export type { CheckStateContractOptions } from './check-state-contract';
export type {
  ContractViolation,
  ContractViolationKind,
} from '../../vocabulary/error/contract-violation';
