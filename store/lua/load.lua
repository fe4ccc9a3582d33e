-- One round trip to load a table: its document, seq, latest snapshot, who is waited on, the seq
-- at which it asked a worker to act ('' when it needs nothing) and the events after the snapshot.
-- KEYS: meta, snapshot, log, waiting.
-- Returns {doc, seq, snap seq, snap version, snap state, waiting (JSON {seat: edge seq}), needs, entries...}.
local m = redis.call('HMGET', KEYS[1], 'doc', 'seq', 'needs')
if not m[1] then return {} end
local s = redis.call('HMGET', KEYS[2], 'seq', 'version', 'state')
local from = 1
if s[1] then from = tonumber(s[1]) + 1 else s = {'0', '', ''} end
local waiting, pairs_ = {}, redis.call('HGETALL', KEYS[4])
for i = 1, #pairs_, 2 do waiting[pairs_[i]] = tonumber(pairs_[i + 1]) end
local out = {m[1], m[2], s[1], s[2], s[3], cjson.encode(waiting), m[3] or ''}
for _, entry in ipairs(redis.call('XRANGE', KEYS[3], from .. '-0', '+')) do
  out[#out + 1] = entry[2][2]
end
return out
