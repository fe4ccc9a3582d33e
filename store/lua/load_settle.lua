-- A settle's first look at a table, in one command on one Redis server: what load.lua reads
-- (the document, seq, latest snapshot, who is waited on, the mark, the entries after the
-- snapshot) and clock_reads (above) for who is waited on now; not the emails' delivery states.
-- KEYS: meta, snapshot, log, waiting, clock, the table's preferences, then per seat its
--       player's vacations and preferences.
-- ARGV: how many seats, then per seat: seat, '1' when it has a player (a seat without one is
--       never timed), else '0'.
-- Returns {} (no table) | {doc, seq, snap seq, snap version, snap state, waiting (JSON), needs,
--   clock (field, value...), first seq (0: none read), entries for the clocks, the table's
--   policies, vacations, policies everywhere, entries after the snapshot...}.
local m = redis.call('HMGET', KEYS[1], 'doc', 'seq', 'needs')
if not m[1] then return {} end
local s = redis.call('HMGET', KEYS[2], 'seq', 'version', 'state')
local from = 1
if s[1] then from = tonumber(s[1]) + 1 else s = {'0', '', ''} end
local waiting, pairs_ = {}, redis.call('HGETALL', KEYS[4])
for i = 1, #pairs_, 2 do waiting[pairs_[i]] = tonumber(pairs_[i + 1]) end
local seats = tonumber(ARGV[1])
local names, currents = {}, {}
for i = 1, seats do
  names[i] = ARGV[2 * i]
  currents[i] = ARGV[2 * i + 1] == '1' and waiting[names[i]] or false
end
local flat, first, timed_entries, here, vacations, everywhere = clock_reads(KEYS[5], KEYS[3], KEYS[6], names,
                                                                            currents, 7, '+')
local out = {m[1], m[2], s[1], s[2], s[3], cjson.encode(waiting), m[3] or '', flat, first, timed_entries,
             here, vacations, everywhere}
for _, entry in ipairs(redis.call('XRANGE', KEYS[3], from .. '-0', '+')) do
  out[#out + 1] = entry[2][2]
end
return out
