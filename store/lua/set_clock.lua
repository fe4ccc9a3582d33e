-- A table's clocks and the deadlines' index, together (one command on one Redis server).
-- KEYS: the clock hash, the deadlines sorted set.
-- ARGV: how many clock fields, how many new deadlines, then field, value ..., member, when ...,
--       then the members to drop.
local fields, deadlines = tonumber(ARGV[1]), tonumber(ARGV[2])
local at = 3
if fields > 0 then redis.call('HSET', KEYS[1], unpack(ARGV, at, at + 2 * fields - 1)) end
at = at + 2 * fields
for i = at, at + 2 * deadlines - 1, 2 do redis.call('ZADD', KEYS[2], ARGV[i + 1], ARGV[i]) end
at = at + 2 * deadlines
if #ARGV >= at then redis.call('ZREM', KEYS[2], unpack(ARGV, at)) end
return 0
