# Varnish 7 in front of the workshop's site, behaving as a CDN does: it honours the origin's
# Cache-Control (s-maxage first), varies on Accept-Encoding and overrides no TTL.
#
# Use it as it is: copy it to /etc/varnish/, write /etc/varnish/backends.vcl from
# backends.example.vcl (your instances), and run
#   varnishd -a :80 -f /etc/varnish/taller.vcl -p http_gzip_support=off -s malloc,256m
# `npm run rehearsal` runs this very file in front of three instances, with a generated backends.vcl.
vcl 4.1;

import directors;

# Every instance is probed on /healthz every second. On SIGTERM an instance answers 503 there at
# once and keeps serving for SHUTDOWN_DELAY_SECONDS (5 s by default): two failed probes out of the
# last three take it out of rotation in about 2 s, well within that delay.
probe taller_health {
    .url = "/healthz";
    .interval = 1s;
    .timeout = 1s;
    .window = 3;
    .threshold = 2;
}

# Round robin over the healthy instances.
sub vcl_init {
    new taller = directors.round_robin();
}

# backends.vcl (found on vcl_path, /etc/varnish by default) declares each instance with
# `.probe = taller_health;` and adds it in its own vcl_init, which Varnish runs after this one:
#   backend instance_1 { .host = "10.0.0.11"; .port = "3000"; .probe = taller_health; }
#   sub vcl_init { taller.add_backend(instance_1); }
include "backends.vcl";

sub vcl_recv {
    set req.backend_hint = taller.backend();

    # The site sets and reads no cookie, so a visitor's (an analytics cookie on the domain) must
    # not turn every page into a pass.
    unset req.http.Cookie;

    # One variant per encoding the origin serves, in its order of preference, so that Vary:
    # Accept-Encoding keeps at most three objects per URL instead of one per browser's header.
    # With http_gzip_support=off Varnish passes this on untouched, and visitors get the origin's
    # brotli. Left on (Varnish's default), Varnish asks the origin for gzip only and unzips it for
    # clients without gzip: still correct, only larger.
    if (req.http.Accept-Encoding ~ "(?i)\bbr\b(?!\s*;\s*q=0(\.0*)?\s*(,|$))") {
        set req.http.Accept-Encoding = "br";
    } elsif (req.http.Accept-Encoding ~ "(?i)\bgzip\b(?!\s*;\s*q=0(\.0*)?\s*(,|$))") {
        set req.http.Accept-Encoding = "gzip";
    } else {
        unset req.http.Accept-Encoding;
    }
}

# Links shared on social networks carry tracking parameters that change nothing on the page. The
# cache key leaves them out (the origin still sees them on a miss), so those visitors share the
# cached page instead of each costing a fetch.
sub vcl_hash {
    hash_data(regsub(regsuball(req.url, "(?i)(?<=[?&])(utm_[^=&]*|fbclid|gclid)(=[^&]*)?(&|$)", ""), "[?&]+$", ""));
    if (req.http.host) {
        hash_data(req.http.host);
    } else {
        hash_data(server.ip);
    }
    return (lookup);
}

sub vcl_backend_response {
    # No grace for pages: an expired page is never served while a fresh one is fetched, so an
    # Early Bird offer ends when its s-maxage does, on a quiet node too. The origin says the same
    # (stale-while-revalidate=0, stale-if-error=0); this holds even for a response that forgets it.
    # The price: while every instance is down, pages fail rather than show an old offer.
    if (beresp.http.Content-Type ~ "(?i)^text/html") {
        set beresp.grace = 0s;
    }
    # No return (retry) anywhere: a failing instance shows as an error, and its probe takes it out.
}

sub vcl_deliver {
    # For the rehearsal's records and an operator's curl: was this served from the cache?
    if (obj.hits > 0) {
        set resp.http.X-Cache = "HIT";
    } else {
        set resp.http.X-Cache = "MISS";
    }
}
