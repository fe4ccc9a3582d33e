-- Create a table: its document and its first events, or nothing if the id is taken. A new
-- table always needs a worker (invitations, the first turn).
-- KEYS: meta, log, waiting, preferences; on one Redis server (not a cluster, where they live on
--       other nodes) also the change notices list, the sweep's index, the index of all tables
--       and each player's set of tables, written here so that no kill leaves a table that a
--       worker never hears of.
-- ARGV: doc, waiting (JSON {seat: seq}), the seats' notification policies (JSON {seat: policy}),
--       the table id, when it was created, entries...
local FIRST = 6
if redis.call('EXISTS', KEYS[1]) == 1 then return 0 end
local n = #ARGV - FIRST + 1
for i = 1, n do redis.call('XADD', KEYS[2], i .. '-0', 'e', ARGV[i + FIRST - 1]) end
for seat, policy in pairs(cjson.decode(ARGV[3])) do redis.call('HSET', KEYS[4], seat, policy) end
redis.call('HSET', KEYS[1], 'doc', ARGV[1], 'seq', n, 'needs', n)
for seat, seq in pairs(cjson.decode(ARGV[2])) do redis.call('HSET', KEYS[3], seat, seq) end
if KEYS[5] then
  redis.call('LPUSH', KEYS[5], ARGV[4] .. ':' .. n)
  redis.call('ZADD', KEYS[6], 'NX', ARGV[5], ARGV[4])
  redis.call('ZADD', KEYS[7], ARGV[5], ARGV[4])
  for i = 8, #KEYS do redis.call('SADD', KEYS[i], ARGV[4]) end
end
return n
