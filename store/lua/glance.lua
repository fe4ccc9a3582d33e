-- What a seat's view reads of a table besides its state (one command; the keys share the table's hash tag).
-- KEYS: meta, log, rollback, preferences. ARGV: the seq after which to read the log ('' for its newest), how many.
-- Returns nil (no table) | {seq, rollback hash (flat), preferences hash (flat), entries..., oldest first}.
local seq = redis.call('HGET', KEYS[1], 'seq')
if not seq then return false end
local read
if ARGV[1] == '' then
  read = redis.call('XREVRANGE', KEYS[2], '+', '-', 'COUNT', ARGV[2])
else
  read = redis.call('XRANGE', KEYS[2], (tonumber(ARGV[1]) + 1) .. '-0', '+', 'COUNT', ARGV[2])
end
local out = {seq, redis.call('HGETALL', KEYS[3]), redis.call('HGETALL', KEYS[4])}
local first, last, step = 1, #read, 1
if ARGV[1] == '' then first, last, step = #read, 1, -1 end
for i = first, last, step do out[#out + 1] = read[i][2][2] end
return out
