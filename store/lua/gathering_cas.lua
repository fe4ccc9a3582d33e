-- Change a gathering (a new table filling its seats) only if it is as the caller read it: each
-- named field still holds the value read ('' for a field not there); then set the new values
-- and its expiry, all at once.
-- KEYS: the gathering's hash.  ARGV: ttl (-1: never expires, 0: as it is, N: N seconds), n,
-- then n (field, expected) pairs, then (field, value) pairs.
-- Returns 1, or 0 when the hash is gone or a field changed meanwhile (the caller reads again).
if redis.call('EXISTS', KEYS[1]) == 0 then return 0 end
local ttl = tonumber(ARGV[1])
local n = tonumber(ARGV[2])
for i = 0, n - 1 do
  local now = redis.call('HGET', KEYS[1], ARGV[3 + 2 * i]) or ''
  if now ~= ARGV[4 + 2 * i] then return 0 end
end
for i = 3 + 2 * n, #ARGV, 2 do redis.call('HSET', KEYS[1], ARGV[i], ARGV[i + 1]) end
if ttl < 0 then redis.call('PERSIST', KEYS[1]) elseif ttl > 0 then redis.call('EXPIRE', KEYS[1], ttl) end
return 1
