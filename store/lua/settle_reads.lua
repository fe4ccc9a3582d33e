-- What a settle reads after a hand-off, in one command on one Redis server: the table's clocks,
-- the log's entries from the first a clock must look at, each seat's player's vacations and
-- notification policy everywhere, the table's policies of those seats, the delivery state of the
-- emails asked about.
-- KEYS: clock, log, the table's preferences, then the mail states (ARGV[2] of them), then per
--       seat its player's vacations and preferences.
-- ARGV: how many seats, how many mail states, then per seat: seat, the edge it is waited on
--       since ('' when not: a seat with no player is never timed).
-- The first entry read: the turn after the edge each seat whose clock runs was timed at, or
-- the edge it is newly waited on since, whichever is first, over the seats whose edge changed
-- (tables/deadlines.py, track). Returns {clock (field, value...), first seq (0: none read),
-- entries, mail states, the table's policies, vacations, policies everywhere}.
local seats, mails = tonumber(ARGV[1]), tonumber(ARGV[2])
local flat = redis.call('HGETALL', KEYS[1])
local clock = {}
for i = 1, #flat, 2 do clock[flat[i]] = flat[i + 1] end
local first, names, vacations, everywhere = nil, {}, {}, {}
local at = 3 + mails
for i = 1, seats do
  local seat, current = ARGV[1 + 2 * i], tonumber(ARGV[2 + 2 * i])
  local timed = tonumber(clock[seat .. ':edge'] or '')
  if timed ~= current then
    if timed and (not first or timed + 1 < first) then first = timed + 1 end
    if current and (not first or current < first) then first = current end
  end
  names[i] = seat
  vacations[i] = redis.call('GET', KEYS[at + 2 * i - 1])
  everywhere[i] = redis.call('HGET', KEYS[at + 2 * i], 'policy')
end
local entries = {}
if first then
  for _, entry in ipairs(redis.call('XRANGE', KEYS[2], first .. '-0', '+')) do entries[#entries + 1] = entry[2][2] end
end
local states = {}
if mails > 0 then states = redis.call('MGET', unpack(KEYS, 4, 3 + mails)) end
local here = {}
if seats > 0 then here = redis.call('HMGET', KEYS[3], unpack(names)) end
return {flat, first or 0, entries, states, here, vacations, everywhere}
