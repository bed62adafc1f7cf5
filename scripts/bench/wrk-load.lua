-- Load script of `npm run bench` for Debian's wrk (LuaJIT), one thread.
-- BENCH_WRK_REQUESTS names a file of requests separated by "\30"; each is a head (request
-- line and header lines, each ending in CRLF), "\31", and a body (often empty). Requests
-- are sent in turn, each from the next client address of 10.0.0.0/8 (X-Forwarded-For,
-- for a site started with TRUST_PROXY=1), starting at BENCH_WRK_FIRST_ADDRESS, so that no
-- address comes near the site's 60 requests a minute. done() prints one JSON line.
local band, rshift = bit.band, bit.rshift

local heads, bodies = {}, {}
local file = assert(io.open(assert(os.getenv('BENCH_WRK_REQUESTS'), 'BENCH_WRK_REQUESTS unset'), 'rb'))
local text = file:read('*a')
file:close()
for entry in string.gmatch(text, '([^\30]+)') do
  local split = string.find(entry, '\31', 1, true)
  heads[#heads + 1] = string.sub(entry, 1, split - 1)
  bodies[#bodies + 1] = string.sub(entry, split + 1)
end

local next_address = tonumber(os.getenv('BENCH_WRK_FIRST_ADDRESS') or '0')
local turn = 0
statuses = {}

function request()
  local n = band(next_address, 0xffffff)
  next_address = next_address + 1
  turn = turn % #heads + 1
  return heads[turn] .. 'X-Forwarded-For: 10.' .. rshift(n, 16) .. '.' .. band(rshift(n, 8), 255) .. '.' ..
    band(n, 255) .. '\r\n\r\n' .. bodies[turn]
end

function response(status)
  statuses[status] = (statuses[status] or 0) + 1
end

local threads = {}
function setup(thread)
  threads[#threads + 1] = thread
end

function done(summary, latency)
  local totals, counts = {}, {}
  for _, thread in ipairs(threads) do
    for status, count in pairs(thread:get('statuses')) do
      totals[status] = (totals[status] or 0) + count
    end
  end
  for status, count in pairs(totals) do
    counts[#counts + 1] = string.format('"%d":%d', status, count)
  end
  local e = summary.errors
  io.write(string.format(
    'BENCH_RESULT {"requests":%d,"durationUs":%d,"p50Us":%d,"p99Us":%d,"maxUs":%d,' ..
      '"socketErrors":%d,"timeouts":%d,"statuses":{%s}}\n',
    summary.requests, summary.duration, latency:percentile(50), latency:percentile(99), latency.max,
    e.connect + e.read + e.write, e.timeout, table.concat(counts, ',')))
end
