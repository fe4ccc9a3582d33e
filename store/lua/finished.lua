-- A finished table: what only a live table needs goes ARGV[1] seconds from now (sooner if due
-- sooner), and its latest snapshot, cold from now on, is kept compressed (ARGV[3]) if it is
-- still the one taken at ARGV[2] ('' for none to keep).
-- KEYS: the idempotency records, the clocks, the latest snapshot.
redis.call('EXPIRE', KEYS[1], ARGV[1], 'LT')
redis.call('EXPIRE', KEYS[2], ARGV[1], 'LT')
if ARGV[2] ~= '' and redis.call('HGET', KEYS[3], 'seq') == ARGV[2] then
  redis.call('HSET', KEYS[3], 'state', ARGV[3])
end
return 0
