-- A table's clocks and the deadlines' index, together (one command on one Redis server); the
-- players' index of who is waited on where, when asked; and, when ARGV[3] is a seq, the
-- settle's bookkeeping too, as settled.lua does it (a settle that queued no email: nothing
-- needs to come between its clocks and its end).
-- KEYS: the clock hash, the deadlines sorted set, meta, the sweep's index, then the players'
--       "waiting" sets (as players_waiting.lua).
-- ARGV: how many clock fields, how many new deadlines, the seq the settle saw ('' for no
--       settle), the table id, then field, value ..., per player set its member and '1'/'0'
--       (waited on: added, else removed), member, when ..., then the members to drop.
--       A seq written '=<seq>' writes only if the table is still at that seq (the settle of a
--       hand-off by the request that appended it: a later append may have read the clocks
--       before these were written).
-- Returns 0 without a seq; with one, 1 when the table needs nothing more, else 0; -1 when the
-- table had moved on from an '=' seq (nothing written).
local fields, deadlines, seen = tonumber(ARGV[1]), tonumber(ARGV[2]), ARGV[3]
if string.sub(seen, 1, 1) == '=' then
  seen = string.sub(seen, 2)
  if redis.call('HGET', KEYS[3], 'seq') ~= seen then return -1 end
end
local at = 5
if fields > 0 then redis.call('HSET', KEYS[1], unpack(ARGV, at, at + 2 * fields - 1)) end
at = at + 2 * fields
for i = 5, #KEYS do
  if ARGV[at + 1] == '1' then redis.call('SADD', KEYS[i], ARGV[at]) else redis.call('SREM', KEYS[i], ARGV[at]) end
  at = at + 2
end
for i = at, at + 2 * deadlines - 1, 2 do redis.call('ZADD', KEYS[2], ARGV[i + 1], ARGV[i]) end
at = at + 2 * deadlines
if #ARGV >= at then redis.call('ZREM', KEYS[2], unpack(ARGV, at)) end
if seen == '' then return 0 end
local needs = redis.call('HGET', KEYS[3], 'needs')
if needs and tonumber(needs) > tonumber(seen) then
  redis.call('ZADD', KEYS[4], 'NX', 0, ARGV[4])
  return 0
end
if needs then redis.call('HDEL', KEYS[3], 'needs') end
redis.call('ZREM', KEYS[4], ARGV[4])
return 1
