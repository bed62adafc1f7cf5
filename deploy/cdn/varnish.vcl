vcl 4.1;

# The edge in front of the biomarker catalog service: Varnish 7 (Debian's package, 7.1). Written from the
# service's own rules (docs/deployment.md, "Behind a CDN or a cache"); tested against the site by
# tests/integration/edge-cache.test.ts with a real varnishd.
#
# Run it with
#   varnishd -a :80 -f /etc/varnish/catalog.vcl -p http_gzip_support=off -s malloc,256m
# `http_gzip_support=off` lets Brotli through: with Varnish's default it asks the site for gzip only and
# decompresses for everyone else. Either way every client gets a coding it accepts.
#
# The site behind it runs with TRUST_PROXY=1 (Varnish appends the client's address to X-Forwarded-For, and the
# service reads the right-most entry) and trusts this edge's X-Request-Id.

import std;

backend catalog_site {
    .host = "127.0.0.1";
    .port = "4321";
    .connect_timeout = 1s;
    # The site answers within its own deadlines (a catalog request waits at most CATALOG_ORIGIN_TIMEOUT_MS).
    .first_byte_timeout = 15s;
    .between_bytes_timeout = 10s;
    # /healthz answers 503 while the site drains before it stops, and nothing while it is down: then every
    # cached copy that the site allowed to stand in for an error (stale-if-error) is served without asking it.
    .probe = {
        .url = "/healthz";
        .interval = 2s;
        .timeout = 1s;
        .window = 3;
        .threshold = 2;
        .initial = 2;
    }
}

sub vcl_recv {
    if (req.restarts == 0) {
        # The edge's own id for every request: the site logs it and the client gets it back. A client cannot
        # choose the id the site logs, and a cached answer never carries another client's.
        set req.http.X-Request-Id = server.identity + "-" + std.integer(time=now) + "-" + req.xid;
        # What only this configuration sets, never a client.
        unset req.http.X-Edge-Accept;
        unset req.http.X-Edge-Coding;
        unset req.http.X-Edge-Stale-If-Error;
        unset req.http.X-Edge-Refresh;
    }
    if (req.http.X-Edge-Refresh) {
        # Restarted by vcl_hit: look up past the copy's grace, so this request fetches (the copy stays for
        # revalidation and, should the site fail, for vcl_synth's retry).
        set req.grace = 0s;
        unset req.http.X-Edge-Refresh;
    }
    if (req.method == "GET" || req.method == "HEAD") {
        # Nothing the service answers to GET depends on a token: the catalog accepts and ignores one, pages and
        # documents are public. So a Bearer token neither bypasses the cache nor enters its key. (The builtin
        # VCL passes every request with Authorization.) The service sets and reads no cookie.
        unset req.http.Authorization;
        unset req.http.Cookie;
        # The catalog reads one parameter: a URL with a valid-looking `template` and other plain parameters (a
        # cache-buster) is the same resource as `?template=` alone. Anything else goes to the site as it came
        # (its errors are never stored).
        if (req.url ~ "^/v1/biomarkers/public\?([A-Za-z0-9_.~-]+=[A-Za-z0-9_.~-]*&)*template=[a-z0-9-]+(&[A-Za-z0-9_.~-]+=[A-Za-z0-9_.~-]*)*$" &&
            req.url !~ "[?&]template=.*&template=") {
            set req.url = regsub(req.url, "^([^?]*)\?(.*&)?(template=[a-z0-9-]+).*$", "\1?\3");
        }
        call catalog_accept_class;
        call catalog_coding_class;
        # Varnish evaluates If-None-Match and If-Modified-Since on its copies, not If-Match or
        # If-Unmodified-Since: those go to the site, which answers 412 when they are false.
        if (req.http.If-Match || req.http.If-Unmodified-Since) {
            return (pass);
        }
    }
    # POST (the token endpoint), OPTIONS (preflights) and the rest go to the site uncached (the builtin VCL).
}

# The representation the site picks for a page URL from Accept (src/lib/http/accept.ts, `negotiate` with HTML
# first and Markdown second): Markdown when `text/markdown` is named with a weight above HTML's, or when HTML is
# refused and Markdown is acceptable at all; HTML otherwise, also without Accept. HTML's weight is that of the most
# specific of text/html, text/*, */*, and 0 when none is named. Stored page variants are keyed on this class, not
# on the raw header. A header this rule does not model exactly (a range named twice, a weight that is not an RFC
# 9110 qvalue) is keyed on its raw value: always right, only less shared.
sub catalog_accept_class {
    set req.http.X-Edge-Accept = "html";
    if (!req.http.Accept) {
        return;
    }
    if (req.http.Accept ~ {"(?i)(^|,)\s*(text/markdown|text/html|text/\*|\*/\*)\s*(;[^,]*)?,(.*,)?\s*\2\s*(;|,|$)"}) {
        set req.http.X-Edge-Accept = "raw " + req.http.Accept;
        return;
    }
    set req.http.X-Edge-Qm = "none";
    set req.http.X-Edge-Qh = "none";
    set req.http.X-Edge-Qt = "none";
    set req.http.X-Edge-Qa = "none";
    if (req.http.Accept ~ {"(?i)(^|,)\s*text/markdown\s*(;|,|$)"}) {
        set req.http.X-Edge-Qm = regsub(req.http.Accept, {"(?i)^(?:[^,]*,)*?\s*text/markdown\s*((?:;[^,]*)?)(?:,.*)?$"}, "\1");
    }
    if (req.http.Accept ~ {"(?i)(^|,)\s*text/html\s*(;|,|$)"}) {
        set req.http.X-Edge-Qh = regsub(req.http.Accept, {"(?i)^(?:[^,]*,)*?\s*text/html\s*((?:;[^,]*)?)(?:,.*)?$"}, "\1");
    }
    if (req.http.Accept ~ {"(?i)(^|,)\s*text/\*\s*(;|,|$)"}) {
        set req.http.X-Edge-Qt = regsub(req.http.Accept, {"(?i)^(?:[^,]*,)*?\s*text/\*\s*((?:;[^,]*)?)(?:,.*)?$"}, "\1");
    }
    if (req.http.Accept ~ {"(?i)(^|,)\s*\*/\*\s*(;|,|$)"}) {
        set req.http.X-Edge-Qa = regsub(req.http.Accept, {"(?i)^(?:[^,]*,)*?\s*\*/\*\s*((?:;[^,]*)?)(?:,.*)?$"}, "\1");
    }
    # Each named range's parameters become its weight: its first `q` parameter, or 1 without one.
    set req.http.X-Edge-Qm = regsub(req.http.X-Edge-Qm, {"(?i)^(?:;[^;]*?)*?;\s*q\s*=\s*"?([^;"]*?)"?\s*(?:;.*)?$"}, "\1");
    set req.http.X-Edge-Qh = regsub(req.http.X-Edge-Qh, {"(?i)^(?:;[^;]*?)*?;\s*q\s*=\s*"?([^;"]*?)"?\s*(?:;.*)?$"}, "\1");
    set req.http.X-Edge-Qt = regsub(req.http.X-Edge-Qt, {"(?i)^(?:;[^;]*?)*?;\s*q\s*=\s*"?([^;"]*?)"?\s*(?:;.*)?$"}, "\1");
    set req.http.X-Edge-Qa = regsub(req.http.X-Edge-Qa, {"(?i)^(?:;[^;]*?)*?;\s*q\s*=\s*"?([^;"]*?)"?\s*(?:;.*)?$"}, "\1");
    if (req.http.X-Edge-Qm ~ "^(;|$)") { set req.http.X-Edge-Qm = "1"; }
    if (req.http.X-Edge-Qh ~ "^(;|$)") { set req.http.X-Edge-Qh = "1"; }
    if (req.http.X-Edge-Qt ~ "^(;|$)") { set req.http.X-Edge-Qt = "1"; }
    if (req.http.X-Edge-Qa ~ "^(;|$)") { set req.http.X-Edge-Qa = "1"; }
    if (req.http.X-Edge-Qm !~ "^(none|0(\.[0-9]{0,3})?|1(\.0{0,3})?)$" ||
        req.http.X-Edge-Qh !~ "^(none|0(\.[0-9]{0,3})?|1(\.0{0,3})?)$" ||
        req.http.X-Edge-Qt !~ "^(none|0(\.[0-9]{0,3})?|1(\.0{0,3})?)$" ||
        req.http.X-Edge-Qa !~ "^(none|0(\.[0-9]{0,3})?|1(\.0{0,3})?)$") {
        set req.http.X-Edge-Accept = "raw " + req.http.Accept;
    } else {
        # HTML's weight, and Markdown's when only a wildcard names it.
        if (req.http.X-Edge-Qh == "none") {
            if (req.http.X-Edge-Qt != "none") {
                set req.http.X-Edge-Qh = req.http.X-Edge-Qt;
            } else {
                set req.http.X-Edge-Qh = req.http.X-Edge-Qa;
            }
        }
        if (req.http.X-Edge-Qt != "none") {
            set req.http.X-Edge-Qw = req.http.X-Edge-Qt;
        } else {
            set req.http.X-Edge-Qw = req.http.X-Edge-Qa;
        }
        if (std.real(req.http.X-Edge-Qm, 0.0) > 0.0 &&
            (std.real(req.http.X-Edge-Qh, 0.0) == 0.0 ||
             std.real(req.http.X-Edge-Qm, 0.0) > std.real(req.http.X-Edge-Qh, 0.0))) {
            set req.http.X-Edge-Accept = "markdown";
        } else if (req.http.X-Edge-Qm == "none" && std.real(req.http.X-Edge-Qh, 0.0) == 0.0 &&
                   std.real(req.http.X-Edge-Qw, 0.0) > 0.0) {
            set req.http.X-Edge-Accept = "markdown";
        }
    }
    unset req.http.X-Edge-Qm;
    unset req.http.X-Edge-Qh;
    unset req.http.X-Edge-Qt;
    unset req.http.X-Edge-Qa;
    unset req.http.X-Edge-Qw;
}

# The coding the site picks from Accept-Encoding (src/lib/http/conditional.ts, `chooseEncoding` over br, gzip):
# each coding's weight is its own entry's, else `*`'s, else 0; br unless gzip weighs more; identity when neither
# weighs above 0. Keyed on the raw value when the header is outside the simple form this rule reads exactly
# (codings with at most a `q=` weight each, none named twice).
sub catalog_coding_class {
    if (!req.http.Accept-Encoding || req.http.Accept-Encoding ~ "^\s*$") {
        set req.http.X-Edge-Coding = "identity";
        return;
    }
    if (req.http.Accept-Encoding !~ {"(?i)^\s*[a-z0-9*_.+-]+(\s*;\s*q=[0-9]*(\.[0-9]*)?)?\s*(,\s*[a-z0-9*_.+-]+(\s*;\s*q=[0-9]*(\.[0-9]*)?)?\s*)*$"} ||
        req.http.Accept-Encoding ~ {"(?i)(^|,)\s*(br|gzip|\*)\s*(;[^,]*)?,(.*,)?\s*\2\s*(;|,|$)"}) {
        set req.http.X-Edge-Coding = "raw " + req.http.Accept-Encoding;
        return;
    }
    set req.http.X-Edge-Qbr = "none";
    set req.http.X-Edge-Qgz = "none";
    set req.http.X-Edge-Qany = "0";
    if (req.http.Accept-Encoding ~ {"(?i)(^|,)\s*br\s*(;|,|$)"}) {
        set req.http.X-Edge-Qbr = regsub(req.http.Accept-Encoding, {"(?i)^(?:[^,]*,)*?\s*br\s*(?:;\s*q=([0-9.]*))?\s*(?:,.*)?$"}, "q\1");
    }
    if (req.http.Accept-Encoding ~ {"(?i)(^|,)\s*gzip\s*(;|,|$)"}) {
        set req.http.X-Edge-Qgz = regsub(req.http.Accept-Encoding, {"(?i)^(?:[^,]*,)*?\s*gzip\s*(?:;\s*q=([0-9.]*))?\s*(?:,.*)?$"}, "q\1");
    }
    if (req.http.Accept-Encoding ~ {"(?i)(^|,)\s*\*\s*(;|,|$)"}) {
        set req.http.X-Edge-Qany = regsub(req.http.Accept-Encoding, {"(?i)^(?:[^,]*,)*?\s*\*\s*(?:;\s*q=([0-9.]*))?\s*(?:,.*)?$"}, "q\1");
    }
    # "q" alone: no weight given, so 1; "q0.5": that weight.
    if (req.http.X-Edge-Qbr == "q") { set req.http.X-Edge-Qbr = "1"; }
    if (req.http.X-Edge-Qgz == "q") { set req.http.X-Edge-Qgz = "1"; }
    if (req.http.X-Edge-Qany == "q") { set req.http.X-Edge-Qany = "1"; }
    set req.http.X-Edge-Qbr = regsub(req.http.X-Edge-Qbr, "^q", "");
    set req.http.X-Edge-Qgz = regsub(req.http.X-Edge-Qgz, "^q", "");
    set req.http.X-Edge-Qany = regsub(req.http.X-Edge-Qany, "^q", "");
    if (req.http.X-Edge-Qbr == "none") { set req.http.X-Edge-Qbr = req.http.X-Edge-Qany; }
    if (req.http.X-Edge-Qgz == "none") { set req.http.X-Edge-Qgz = req.http.X-Edge-Qany; }
    if (std.real(req.http.X-Edge-Qbr, 0.0) > 0.0 &&
        std.real(req.http.X-Edge-Qbr, 0.0) >= std.real(req.http.X-Edge-Qgz, 0.0)) {
        set req.http.X-Edge-Coding = "br";
    } else if (std.real(req.http.X-Edge-Qgz, 0.0) > 0.0) {
        set req.http.X-Edge-Coding = "gzip";
    } else {
        set req.http.X-Edge-Coding = "identity";
    }
    unset req.http.X-Edge-Qbr;
    unset req.http.X-Edge-Qgz;
    unset req.http.X-Edge-Qany;
}

sub vcl_hit {
    # Past its freshness, a copy is served at once (while one background fetch replaces it) only as long as its
    # stale-while-revalidate allows, while the site answers. Past that, ask the site; the copy still stands in if
    # the site fails (vcl_synth), for as long as its stale-if-error allows (the object's grace).
    if (obj.ttl <= 0s && !req.http.X-Edge-Stale-If-Error && std.healthy(req.backend_hint) &&
        obj.ttl + std.duration(obj.http.X-Edge-Revalidate, 0s) <= 0s) {
        set req.http.X-Edge-Refresh = "1";
        return (restart);
    }
}

sub vcl_backend_response {
    if (bereq.is_bgfetch && beresp.status != 200 && beresp.status != 304) {
        # A background refresh is made with the address of whichever client found the copy stale: its 429 (that
        # client's quota spent) or any other error says nothing about the copy, which everyone keeps getting.
        return (abandon);
    }
    if (beresp.status == 429) {
        # The client's own refusal: it gets it, and nothing is stored in the copy's place, not even the builtin
        # VCL's hit-for-miss marker, which would send every client's request to the site for two minutes.
        set beresp.uncacheable = true;
        set beresp.ttl = 0s;
        return (deliver);
    }
    if (beresp.status >= 500 && !bereq.http.X-Edge-Stale-If-Error) {
        # A failing site: let a request that found no fresh copy retry with its stale one (vcl_synth).
        # Delivered, an error would replace the copy.
        return (abandon);
    }
    # The stored copy varies on the classes, not on raw headers; clients still see the site's Vary (vcl_deliver).
    if (beresp.http.Vary) {
        set beresp.http.Vary = regsuball(beresp.http.Vary, "(?i)(^|,)\s*Accept-Encoding\s*(?=,|$)", "\1X-Edge-Coding");
        set beresp.http.Vary = regsuball(beresp.http.Vary, "(?i)(^|,)\s*Accept\s*(?=,|$)", "\1X-Edge-Accept");
    }
    # Grace is the time past freshness the site lets a copy stand in for an error (RFC 5861 stale-if-error); how
    # long it may be served while being refreshed (stale-while-revalidate) is kept with it and read by vcl_hit.
    set beresp.http.X-Edge-Revalidate = "0s";
    if (beresp.http.Cache-Control ~ "(?i)(^|,)\s*stale-while-revalidate=[0-9]+") {
        set beresp.http.X-Edge-Revalidate = regsub(beresp.http.Cache-Control, "(?i)^.*stale-while-revalidate=([0-9]+).*$", "\1s");
    }
    set beresp.grace = std.duration(beresp.http.X-Edge-Revalidate, 0s);
    if (beresp.http.Cache-Control ~ "(?i)(^|,)\s*stale-if-error=[0-9]+") {
        set beresp.grace = std.duration(regsub(beresp.http.Cache-Control, "(?i)^.*stale-if-error=([0-9]+).*$", "\1s"), 0s);
        if (beresp.grace < std.duration(beresp.http.X-Edge-Revalidate, 0s)) {
            set beresp.grace = std.duration(beresp.http.X-Edge-Revalidate, 0s);
        }
    }
    # A copy past its grace is kept as long again for revalidation with If-None-Match (a 304 instead of a body).
    set beresp.keep = beresp.ttl;
    if (beresp.ttl <= 0s && beresp.grace > 0s && !beresp.http.Set-Cookie && beresp.http.Vary != "*" &&
        beresp.http.Cache-Control !~ "(?i)no-cache|no-store|private") {
        # Stale on arrival but usable stale (RFC 5861): the site's own copy while it refreshes or its origin fails.
        # Stored, so that clients are answered from it (and one background fetch at a time asks again), where the
        # builtin VCL would send every request to the site. Varnish never looks up an object of TTL 0 (it only
        # serves the requests waiting for it), so the copy gets a millisecond: stale from then on, and in grace.
        set beresp.ttl = 1ms;
        return (deliver);
    }
}

sub vcl_backend_error {
    if (bereq.is_bgfetch || !bereq.http.X-Edge-Stale-If-Error) {
        # The site could not be reached: as for its 5xx above.
        return (abandon);
    }
    # No copy to stand in: the edge's own answer, in the service's problem shape (RFC 9457).
    set beresp.http.Content-Type = "application/problem+json";
    set beresp.http.Cache-Control = "no-store";
    set beresp.http.Retry-After = "5";
    set beresp.body = {"{"type":"https://"} + bereq.http.host + {"/developers#service-unavailable","title":"Service unavailable","status":503,"code":"service_unavailable","detail":"The service cannot be reached from the edge and no stored copy may stand in. Retry after a few seconds."} + "}";
    return (deliver);
}

sub vcl_synth {
    if (resp.status == 503 && !req.http.X-Edge-Stale-If-Error && (req.method == "GET" || req.method == "HEAD")) {
        # The site failed with no fresh copy at hand: once more, now taking any copy within its stale-if-error.
        set req.http.X-Edge-Stale-If-Error = "1";
        return (restart);
    }
}

sub vcl_deliver {
    set resp.http.X-Request-Id = req.http.X-Request-Id;
    if (resp.http.Vary) {
        set resp.http.Vary = regsuball(resp.http.Vary, "X-Edge-Coding", "Accept-Encoding");
        set resp.http.Vary = regsuball(resp.http.Vary, "X-Edge-Accept", "Accept");
    }
    unset resp.http.X-Edge-Revalidate;
    if (obj.hits > 0) {
        # A stored answer costs the client no quota, and its RateLimit fields were another client's: only the
        # policy, the same for everyone, stays (the guide: "Behind a cache").
        unset resp.http.RateLimit;
        unset resp.http.RateLimit-Remaining;
        unset resp.http.RateLimit-Reset;
        set resp.http.X-Cache = "HIT";
    } else {
        set resp.http.X-Cache = "MISS";
    }
    unset resp.http.X-Varnish;
}
