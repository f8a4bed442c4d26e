// The offload concept in state: the id and its tag in text, and the entries a
// state keeps behind ids. The context_reload tool that brings them back is in
// tools/reload.
export { findOffloadIds } from './find-offload-ids';
export { OFFLOAD_TAG_PATTERN, formatOffloadTag } from './format-offload-tag';
export type { OffloadLookup } from './offload-lookup';
export { reloadOffload } from './reload-offload';
export { getSessionTag, readSessionTag } from './session-tag';
export { stripOffloadTags } from './strip-offload-tags';
export { withoutOffloadMarkers } from './without-offload-markers';
