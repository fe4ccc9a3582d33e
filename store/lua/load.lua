-- One round trip to load a table: its document, seq, latest snapshot and the events after it.
-- KEYS: meta, snapshot, log.  Returns {doc, seq, snap seq, snap version, snap state, entries...}.
local m = redis.call('HMGET', KEYS[1], 'doc', 'seq')
if not m[1] then return {} end
local s = redis.call('HMGET', KEYS[2], 'seq', 'version', 'state')
local from = 1
if s[1] then from = tonumber(s[1]) + 1 else s = {'0', '', ''} end
local out = {m[1], m[2], s[1], s[2], s[3]}
for _, entry in ipairs(redis.call('XRANGE', KEYS[3], from .. '-0', '+')) do
  out[#out + 1] = entry[2][2]
end
return out
