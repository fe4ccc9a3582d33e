-- A settle's first look at a table, in one command on one Redis server: what load.lua reads
-- (the document, seq, latest snapshot, who is waited on, the mark, the entries after the
-- snapshot) and what settle_reads.lua reads for the clocks of who is waited on now (the
-- table's clocks, the log from the first entry they need, each seat's player's vacations and
-- policy everywhere, the table's policies of those seats); not the emails' delivery states.
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
local flat = redis.call('HGETALL', KEYS[5])
local clock = {}
for i = 1, #flat, 2 do clock[flat[i]] = flat[i + 1] end
local seats = tonumber(ARGV[1])
local first, names, vacations, everywhere = nil, {}, {}, {}
for i = 1, seats do
  local seat = ARGV[2 * i]
  local current = nil
  if ARGV[2 * i + 1] == '1' then current = waiting[seat] end
  local timed = tonumber(clock[seat .. ':edge'] or '')
  if timed ~= current then
    if timed and (not first or timed + 1 < first) then first = timed + 1 end
    if current and (not first or current < first) then first = current end
  end
  names[i] = seat
  vacations[i] = redis.call('GET', KEYS[5 + 2 * i])
  everywhere[i] = redis.call('HGET', KEYS[6 + 2 * i], 'policy')
end
local timed_entries = {}
if first then
  for _, entry in ipairs(redis.call('XRANGE', KEYS[3], first .. '-0', '+')) do
    timed_entries[#timed_entries + 1] = entry[2][2]
  end
end
local here = {}
if seats > 0 then here = redis.call('HMGET', KEYS[6], unpack(names)) end
local out = {m[1], m[2], s[1], s[2], s[3], cjson.encode(waiting), m[3] or '', flat, first or 0, timed_entries,
             here, vacations, everywhere}
for _, entry in ipairs(redis.call('XRANGE', KEYS[3], from .. '-0', '+')) do
  out[#out + 1] = entry[2][2]
end
return out
