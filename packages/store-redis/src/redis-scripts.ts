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
 * Compare-and-set save of one session log record, atomic (one script).
 *
 * KEYS: 1 = the session's head hash, 2 = its log list, 3 = the offloads hash of
 * the format before session logs (removed by a full write).
 * ARGV: 1 = expected revision ('' = the session must not exist), 2 = new
 * revision, 3 = the epoch a delta extends ('' = a full record that replaces the
 * log), 4 = the epoch after the write, 5 = TTL in seconds ('0' = none),
 * 6 = the record.
 *
 * Every check runs before the first write, so a refused save writes nothing.
 * A head that is not a session log head of a known format is refused
 * ('unreadable'), never overwritten.
 *
 * Returns {'ok'}, {'conflict', actualRevision or ''}, {'stale'} (the stored
 * epoch is not the one the delta extends: plan a full record) or
 * {'unreadable'}.
 */
export const SAVE_SCRIPT = script(`
local head = redis.call('HMGET', KEYS[1], 'revision', 'epoch', 'format', 'state')
local current = head[1]
if ARGV[1] == '' then
  if current then return {'conflict', current} end
elseif current ~= ARGV[1] then
  return {'conflict', current or ''}
end
if current and head[3] ~= 'acm.session-log' and not head[4] then
  return {'unreadable'}
end
if ARGV[3] ~= '' then
  if head[2] ~= ARGV[3] or head[3] ~= 'acm.session-log' then return {'stale'} end
else
  redis.call('DEL', KEYS[2], KEYS[3])
  redis.call('HDEL', KEYS[1], 'state', 'offloadIds')
end
redis.call('RPUSH', KEYS[2], ARGV[6])
redis.call('HSET', KEYS[1], 'revision', ARGV[2], 'epoch', ARGV[4], 'format', 'acm.session-log')
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
 * {revision, format or '', log records, legacy state document or '',
 * legacy offload ids or '', legacy {id1, body1, ...}}.
 */
export const LOAD_SCRIPT = script(`
local head = redis.call('HMGET', KEYS[1], 'revision', 'format', 'state', 'offloadIds')
if not head[1] and not head[3] then return false end
return {head[1] or '', head[2] or '', redis.call('LRANGE', KEYS[2], 0, -1),
  head[3] or '', head[4] or '', redis.call('HGETALL', KEYS[3])}
`);

/** Removes every key of a session. Returns 1 if it existed, else 0. */
export const DELETE_SCRIPT = script(`
local existed = redis.call('EXISTS', KEYS[1])
redis.call('DEL', KEYS[1], KEYS[2], KEYS[3])
return existed
`);
