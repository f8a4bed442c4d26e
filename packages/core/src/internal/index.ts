// For sibling @acm packages only: not covered by semver.
//
// Everything the root entry exports is reachable here as well, so that the
// root can shrink to the application API (issue #12 item 3) without breaking
// the sibling packages: import engine internals from `@acm/core/internal`.
export * from '../index';
export { isJsonEqual } from '../contract/is-json-equal';
