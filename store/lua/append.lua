-- Append events only if the table's last sequence number is the one the caller read.
-- KEYS: meta, log, waiting, idempotency record (or meta again when there is none), snapshot, snapshots;
--       on one Redis server (not a cluster, where they live on other nodes) also the change
--       notices list and the sweep's index, written here when a worker must act.
-- ARGV: expected seq, idempotency record ('' for none), its TTL, waiting seats (JSON object: seat ->
--       true when its question was changed by another seat's decision, which makes it a new edge),
--       snapshot state ('' for none), snapshot version, the snapshot as filed for replay ('' for
--       none: compressed by the caller, as the store reads it back),
--       the server must act after this append ('1'/'0'), the table id, now (the index's score),
--       entries...
-- Returns {new seq, waiting JSON} | {-1} no table | {-2, record} seen before | {-3, seq} conflict.
local FIRST = 11
local seq = tonumber(redis.call('HGET', KEYS[1], 'seq'))
if not seq then return {-1} end
if ARGV[2] ~= '' then
  local prior = redis.call('GET', KEYS[4])
  if prior then return {-2, prior} end
end
if seq ~= tonumber(ARGV[1]) then return {-3, seq} end
for i = FIRST, #ARGV do redis.call('XADD', KEYS[2], (seq + i - FIRST + 1) .. '-0', 'e', ARGV[i]) end
local new = seq + #ARGV - FIRST + 1
-- 'needs': the seq at which a worker was last asked to act; cleared once it has (settled.lua).
if ARGV[8] == '1' then
  redis.call('HSET', KEYS[1], 'seq', new, 'needs', new)
  if KEYS[7] then
    redis.call('LPUSH', KEYS[7], ARGV[9] .. ':' .. new)
    redis.call('ZADD', KEYS[8], 'NX', ARGV[10], ARGV[9])
  end
else
  redis.call('HSET', KEYS[1], 'seq', new)
end
if ARGV[2] ~= '' then redis.call('SET', KEYS[4], ARGV[2], 'EX', tonumber(ARGV[3])) end
if ARGV[5] ~= '' then
  redis.call('HSET', KEYS[5], 'seq', new, 'version', ARGV[6], 'state', ARGV[5])
  if ARGV[7] ~= '' then redis.call('HSET', KEYS[6], tostring(new), ARGV[7]) end
end
-- Who is waited on: a seat keeps the seq of its edge while it stays waited on with the same
-- question; one asked anew (another seat's decision changed its question) starts a new edge.
local now = cjson.decode(ARGV[4])
local before = redis.call('HGETALL', KEYS[3])
local kept = {}
for i = 1, #before, 2 do
  local seat = before[i]
  if now[seat] == false then kept[seat] = before[i + 1]
  elseif now[seat] == nil then redis.call('HDEL', KEYS[3], seat) end
end
for seat, _ in pairs(now) do
  if not kept[seat] then kept[seat] = tostring(new); redis.call('HSET', KEYS[3], seat, new) end
end
return {new, cjson.encode(kept)}
