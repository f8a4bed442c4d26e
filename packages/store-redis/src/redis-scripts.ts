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
 * KEYS: 1 = the session's head hash, 2 = its log (a string of records, one
 * per line; a list of records in the layout before it), 3 = the offloads hash
 * of the format before session logs (removed by a full write).
 * ARGV: 1 = expected revision ('' = the session must not exist), 2 = new
 * revision, 3 = 'delta' (append the record) or 'full' (replace the log with
 * it), 4 = the epoch after the write, 5 = TTL in seconds ('0' = none), 6 = the
 * record and its newline, 7 = what the writer read of the stored session:
 * '' (nothing: a create), 'text' (a log string), 'list' (a log list),
 * 'legacy' (a state document), 8 = the epoch it read, 9... = what it knows
 * of what it read: for 'text' the seal (`sealSessionLogText`: bytes, head
 * bytes, head digest, tail start, tail digest), for 'list' the record count
 * and the SHA-1 of its first and last records, for 'legacy' the SHA-1 of the
 * state document (both read once, by the save that migrates them).
 *
 * Every check runs before the first write, so a refused save writes nothing.
 * Onto an existing session it writes only when the stored log is exactly the
 * one the writer read or wrote last: same epoch, same length, same head and
 * tail bytes (SHA-1). Otherwise it answers 'stale' (the writer reads the log,
 * which refuses what it cannot read). A head of an unknown format is
 * 'unreadable', never written over.
 *
 * Returns {'ok'}, {'conflict', actualRevision or ''}, {'stale'} or {'unreadable'}.
 */
export const SAVE_SCRIPT = script(`
local head = redis.call('HMGET', KEYS[1], 'revision', 'epoch', 'format', 'state')
local current = head[1]
if ARGV[1] == '' then
  if current then return {'conflict', current} end
elseif current ~= ARGV[1] then
  return {'conflict', current or ''}
end
local read = ARGV[7]
if current then
  if head[3] == 'acm.session-log' then
    if head[2] ~= ARGV[8] then return {'stale'} end
    local layout = redis.call('TYPE', KEYS[2]).ok
    if read == 'text' then
      local bytes = tonumber(ARGV[9])
      if layout ~= 'string' or redis.call('STRLEN', KEYS[2]) ~= bytes then return {'stale'} end
      if redis.sha1hex(redis.call('GETRANGE', KEYS[2], 0, tonumber(ARGV[10]) - 1)) ~= ARGV[11] then return {'stale'} end
      if redis.sha1hex(redis.call('GETRANGE', KEYS[2], tonumber(ARGV[12]), bytes - 1)) ~= ARGV[13] then return {'stale'} end
    elseif read == 'list' then
      if layout ~= 'list' or redis.call('LLEN', KEYS[2]) ~= tonumber(ARGV[9]) then return {'stale'} end
      if redis.sha1hex(redis.call('LINDEX', KEYS[2], 0)) ~= ARGV[10] then return {'stale'} end
      if redis.sha1hex(redis.call('LINDEX', KEYS[2], -1)) ~= ARGV[11] then return {'stale'} end
    else
      return {'stale'}
    end
  elseif not head[3] and head[4] then
    if read ~= 'legacy' or redis.sha1hex(head[4]) ~= ARGV[9] then return {'stale'} end
  else
    return {'unreadable'}
  end
end
if ARGV[3] == 'delta' then
  if read ~= 'text' then return {'stale'} end
  redis.call('APPEND', KEYS[2], ARGV[6])
else
  redis.call('DEL', KEYS[2], KEYS[3])
  redis.call('HDEL', KEYS[1], 'state', 'offloadIds')
  redis.call('SET', KEYS[2], ARGV[6])
end
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
 * {revision, format or '', log layout ('string', 'list' or 'none'), the log
 * (a string, or the list of records), the log's bytes (for a string), legacy
 * state document or '', legacy offload ids or '', legacy {id1, body1, ...}}.
 */
export const LOAD_SCRIPT = script(`
local head = redis.call('HMGET', KEYS[1], 'revision', 'format', 'state', 'offloadIds')
if not head[1] and not head[3] then return false end
local layout = redis.call('TYPE', KEYS[2]).ok
local log = ''
local bytes = 0
if layout == 'string' then
  log = redis.call('GET', KEYS[2])
  bytes = redis.call('STRLEN', KEYS[2])
elseif layout == 'list' then
  log = redis.call('LRANGE', KEYS[2], 0, -1)
end
return {head[1] or '', head[2] or '', layout, log, bytes,
  head[3] or '', head[4] or '', redis.call('HGETALL', KEYS[3])}
`);

/** Removes every key of a session. Returns 1 if it existed, else 0. */
export const DELETE_SCRIPT = script(`
local existed = redis.call('EXISTS', KEYS[1])
redis.call('DEL', KEYS[1], KEYS[2], KEYS[3])
return existed
`);
