// For sibling @acm packages only: not covered by semver.
export { isJsonEqual } from '../contract/is-json-equal';
