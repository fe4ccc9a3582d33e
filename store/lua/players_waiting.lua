-- Where each player of one table is waited on (one Redis server; on a cluster each player's set
-- is a slot of its own, written one command each). KEYS: the players' "waiting" sets.
-- ARGV: for each key, its member ("<table>/<seat>") and '1' (waited on: added) or '0' (removed).
for i, key in ipairs(KEYS) do
  if ARGV[2 * i] == '1' then redis.call('SADD', key, ARGV[2 * i - 1])
  else redis.call('SREM', key, ARGV[2 * i - 1]) end
end
return #KEYS
