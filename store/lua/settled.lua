-- A worker has done what the table needed, having seen it at seq ARGV[1]: clear the mark,
-- unless an append after that seq asked again. KEYS: meta; on one Redis server (not a
-- cluster) also the sweep's index, whose entry for the table (ARGV[2]) is then dropped, or
-- kept (since when it first asked) when it was asked again. Returns 1 when the table needs
-- nothing more, else 0.
local needs = redis.call('HGET', KEYS[1], 'needs')
if needs and tonumber(needs) > tonumber(ARGV[1]) then
  if KEYS[2] then redis.call('ZADD', KEYS[2], 'NX', 0, ARGV[2]) end
  return 0
end
if needs then redis.call('HDEL', KEYS[1], 'needs') end
if KEYS[2] then redis.call('ZREM', KEYS[2], ARGV[2]) end
return 1
