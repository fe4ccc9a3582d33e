-- What the clocks of a settle need (tables/deadlines.py, track): the table's clocks, the log's
-- entries from the first one they look at, each seat's player's vacations and policy everywhere,
-- and the table's policies of those seats. Put before the scripts that read them
-- (settle_reads.lua, load_settle.lua, append.lua: TableStore's _script), so it is written once.
-- clock_key, log_key, prefs_key: the table's clock, log and preferences; seats: the seats' names;
-- currents[i]: the edge seat i is waited on since, or false (not waited on, or no player: never
-- timed); players_at: the index in KEYS of seat 1's player's vacations, its preferences next,
-- then seat 2's...; upto: the last entry read ('+': the log's end; append.lua: the one before
-- its own entries, which the caller has).
-- The first entry read: the turn after the edge each seat whose clock runs was timed at, or the
-- edge it is newly waited on since, whichever is first, over the seats whose edge changed.
-- Returns clock (field, value...), first seq (0: none read), entries, the table's policies,
-- vacations, policies everywhere.
local function clock_reads(clock_key, log_key, prefs_key, seats, currents, players_at, upto)
  local flat = redis.call('HGETALL', clock_key)
  local clock = {}
  for i = 1, #flat, 2 do clock[flat[i]] = flat[i + 1] end
  local first, vacations, everywhere = nil, {}, {}
  for i, seat in ipairs(seats) do
    local current = currents[i] or nil
    local timed = tonumber(clock[seat .. ':edge'] or '')
    if timed ~= current then
      if timed and (not first or timed + 1 < first) then first = timed + 1 end
      if current and (not first or current < first) then first = current end
    end
    vacations[i] = redis.call('GET', KEYS[players_at + 2 * i - 2])
    everywhere[i] = redis.call('HGET', KEYS[players_at + 2 * i - 1], 'policy')
  end
  local entries = {}
  if first then
    for _, entry in ipairs(redis.call('XRANGE', log_key, first .. '-0', upto)) do entries[#entries + 1] = entry[2][2] end
  end
  local here = {}
  if #seats > 0 then here = redis.call('HMGET', prefs_key, unpack(seats)) end
  return flat, first or 0, entries, here, vacations, everywhere
end

