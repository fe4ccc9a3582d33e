-- Append events only if the table's last sequence number is the one the caller read.
-- KEYS: meta, log, waiting, idempotency records (a hash), a record as kept before the hash (its
--       own key), snapshot, snapshots;
--       on one Redis server (not a cluster, where they live on other nodes) also the change
--       notices list and the sweep's index, written here when a worker must act.
-- ARGV: expected seq, idempotency scope ('' for none), its record, the records' TTL, waiting seats (JSON object: seat ->
--       true when its question was changed by another seat's decision, which makes it a new edge),
--       snapshot state ('' for none), snapshot version, the snapshot as filed for replay ('' for
--       none: compressed by the caller, as the store reads it back),
--       the server must act after this append ('1': marked, a notice left; '2': marked and
--       indexed, no notice: the caller settles the hand-off itself, the sweep is the safety net;
--       '0': nothing), the table id, now (the index's score),
--       the seats whose clocks the caller's settle needs ('' for none; else a JSON array of
--       [seat, true when it has a player], and KEYS go on with the clock, the table's
--       preferences, then per seat its player's vacations and preferences), entries...
-- Returns {new seq, waiting JSON} | {-1} no table | {-2, record} seen before | {-3, seq} conflict;
-- with seats for the settle, the new seq and waiting JSON are followed by what clock_reads
-- (above) reads for them as they are waited on after the append, its entries up to the one
-- before this append's (the caller has those).
local FIRST = 13
local seq = tonumber(redis.call('HGET', KEYS[1], 'seq'))
if not seq then return {-1} end
if ARGV[2] ~= '' then
  local prior = redis.call('HGET', KEYS[4], ARGV[2]) or redis.call('GET', KEYS[5])
  if prior then return {-2, prior} end
end
if seq ~= tonumber(ARGV[1]) then return {-3, seq} end
for i = FIRST, #ARGV do redis.call('XADD', KEYS[2], (seq + i - FIRST + 1) .. '-0', 'e', ARGV[i]) end
local new = seq + #ARGV - FIRST + 1
-- 'needs': the seq at which a worker was last asked to act; cleared once it has (settled.lua).
if ARGV[9] ~= '0' then
  redis.call('HSET', KEYS[1], 'seq', new, 'needs', new)
  if KEYS[8] then
    if ARGV[9] == '1' then redis.call('LPUSH', KEYS[8], ARGV[10] .. ':' .. new) end
    redis.call('ZADD', KEYS[9], 'NX', ARGV[11], ARGV[10])
  end
else
  redis.call('HSET', KEYS[1], 'seq', new)
end
-- Every record is kept at least its TTL: the hash expires a TTL after the last one written.
if ARGV[2] ~= '' then
  redis.call('HSET', KEYS[4], ARGV[2], ARGV[3])
  redis.call('EXPIRE', KEYS[4], tonumber(ARGV[4]))
end
if ARGV[6] ~= '' then
  redis.call('HSET', KEYS[6], 'seq', new, 'version', ARGV[7], 'state', ARGV[6])
  if ARGV[8] ~= '' then redis.call('HSET', KEYS[7], tostring(new), ARGV[8]) end
end
-- Who is waited on: a seat keeps the seq of its edge while it stays waited on with the same
-- question; one asked anew (another seat's decision changed its question) starts a new edge.
local now = cjson.decode(ARGV[5])
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
if ARGV[12] == '' then return {new, cjson.encode(kept)} end
local names, currents = {}, {}
for i, seat in ipairs(cjson.decode(ARGV[12])) do
  names[i] = seat[1]
  currents[i] = seat[2] and tonumber(kept[seat[1]]) or false
end
local flat, first, entries, here, vacations, everywhere = clock_reads(KEYS[10], KEYS[2], KEYS[11], names, currents, 12,
                                                                      seq .. '-0')
return {new, cjson.encode(kept), flat, first, entries, here, vacations, everywhere}
