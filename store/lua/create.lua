-- Create a table: its document and its first events, or nothing if the id is taken. A new
-- table always needs a worker (invitations, the first turn).
-- KEYS: meta, log, waiting, preferences.
-- ARGV: doc, waiting (JSON {seat: seq}), the seats' notification policies (JSON {seat: policy}), entries...
if redis.call('EXISTS', KEYS[1]) == 1 then return 0 end
local n = #ARGV - 3
for i = 1, n do redis.call('XADD', KEYS[2], i .. '-0', 'e', ARGV[i + 3]) end
for seat, policy in pairs(cjson.decode(ARGV[3])) do redis.call('HSET', KEYS[4], seat, policy) end
redis.call('HSET', KEYS[1], 'doc', ARGV[1], 'seq', n, 'needs', n)
for seat, seq in pairs(cjson.decode(ARGV[2])) do redis.call('HSET', KEYS[3], seat, seq) end
return n
