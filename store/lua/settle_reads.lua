-- What a settle reads after a hand-off, in one command on one Redis server: clock_reads (above)
-- and the delivery state of the emails asked about.
-- KEYS: clock, log, the table's preferences, then the mail states (ARGV[2] of them), then per
--       seat its player's vacations and preferences.
-- ARGV: how many seats, how many mail states, then per seat: seat, the edge it is waited on
--       since ('' when not: a seat with no player is never timed).
-- Returns {clock (field, value...), first seq (0: none read), entries, mail states, the table's
-- policies, vacations, policies everywhere}.
local seats, mails = tonumber(ARGV[1]), tonumber(ARGV[2])
local names, currents = {}, {}
for i = 1, seats do
  names[i] = ARGV[1 + 2 * i]
  currents[i] = tonumber(ARGV[2 + 2 * i]) or false
end
local flat, first, entries, here, vacations, everywhere = clock_reads(KEYS[1], KEYS[2], KEYS[3], names, currents,
                                                                      4 + mails, '+')
local states = {}
if mails > 0 then states = redis.call('MGET', unpack(KEYS, 4, 3 + mails)) end
return {flat, first, entries, states, here, vacations, everywhere}
