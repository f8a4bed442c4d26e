import { createHash } from 'node:crypto';

/** A Lua script and its SHA-1, for EVALSHA with an EVAL fallback. */
export interface RedisScript {
  readonly source: string;
  readonly sha1: string;
}

function script(source: string): RedisScript {
  return { source, sha1: createHash('sha1').update(source).digest('hex') };
}

/**
 * Compare-and-set save, atomic (one script).
 *
 * KEYS: 1 = the session's state hash, 2 = its offloads hash.
 * ARGV: 1 = expected revision ('' = the session must not exist), 2 = new revision,
 * 3 = state document without offload bodies, 4 = JSON array of the state's offload
 * ids, 5 = TTL in seconds ('0' = none), 6 = offload count n, then n pairs
 * (id, body), where an empty body means "already stored, must exist".
 *
 * Every check runs before the first write, so a refused save writes nothing.
 * Offload bodies are written once (HSETNX); entries the state no longer has are
 * removed; the TTL is applied to (or removed from) both keys.
 *
 * Returns {'ok'}, {'conflict', actualRevision or ''} or {'missing', offloadId}.
 */
export const SAVE_SCRIPT = script(`
local current = redis.call('HGET', KEYS[1], 'revision')
if ARGV[1] == '' then
  if current then return {'conflict', current} end
elseif current ~= ARGV[1] then
  return {'conflict', current or ''}
end
local count = tonumber(ARGV[6])
local keep = {}
for index = 0, count - 1 do
  local id = ARGV[7 + index * 2]
  keep[id] = true
  if ARGV[8 + index * 2] == '' and redis.call('HEXISTS', KEYS[2], id) == 0 then
    return {'missing', id}
  end
end
redis.call('HSET', KEYS[1], 'revision', ARGV[2], 'state', ARGV[3], 'offloadIds', ARGV[4])
for index = 0, count - 1 do
  local body = ARGV[8 + index * 2]
  if body ~= '' then redis.call('HSETNX', KEYS[2], ARGV[7 + index * 2], body) end
end
local stale = {}
for _, id in ipairs(redis.call('HKEYS', KEYS[2])) do
  if not keep[id] then stale[#stale + 1] = id end
end
for first = 1, #stale, 1000 do
  redis.call('HDEL', KEYS[2], unpack(stale, first, math.min(first + 999, #stale)))
end
local ttl = tonumber(ARGV[5])
if ttl > 0 then
  redis.call('EXPIRE', KEYS[1], ttl)
  redis.call('EXPIRE', KEYS[2], ttl)
else
  redis.call('PERSIST', KEYS[1])
  redis.call('PERSIST', KEYS[2])
end
return {'ok'}
`);

/**
 * Reads a whole session atomically. KEYS as in {@link SAVE_SCRIPT}.
 * Returns nil when the session does not exist, else
 * {stateDocument, offloadIdsJson, {id1, body1, id2, body2, ...}}.
 */
export const LOAD_SCRIPT = script(`
local fields = redis.call('HMGET', KEYS[1], 'state', 'offloadIds')
if not fields[1] then return false end
return {fields[1], fields[2] or '[]', redis.call('HGETALL', KEYS[2])}
`);

/** Removes every key of a session. Returns 1 if it existed, else 0. */
export const DELETE_SCRIPT = script(`
local existed = redis.call('EXISTS', KEYS[1])
redis.call('DEL', KEYS[1], KEYS[2])
return existed
`);
