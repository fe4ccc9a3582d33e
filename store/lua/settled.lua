-- A worker has done what the table needed, having seen it at seq ARGV[1]: clear the mark,
-- unless an append after that seq asked again. KEYS: meta. Returns 1 when the table needs
-- nothing more, else 0.
local needs = redis.call('HGET', KEYS[1], 'needs')
if not needs then return 1 end
if tonumber(needs) <= tonumber(ARGV[1]) then
  redis.call('HDEL', KEYS[1], 'needs')
  return 1
end
return 0
