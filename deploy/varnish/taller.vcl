# Varnish 7 in front of the workshop's site, behaving as a CDN does: it honours the origin's
# Cache-Control (s-maxage first), varies on Accept-Encoding and overrides no page's TTL. It keys each
# object by its path alone, so that nothing a visitor adds (a query, a Host, a path the site does not
# know) makes a new object or reaches an instance, and answers the methods the site does not take
# itself. When an instance fails it retries a GET or HEAD once elsewhere, and when none answers it
# shows the site's own outage page (docs/caching.md). Under abuse it costs visitors nothing: it takes a
# webhook's body whole before an instance is asked (Stripe's own addresses in a storage of their own), refuses every
# other body, limits each client (read from X-Forwarded-For past the proxies it trusts; an IPv6 client by its /64 and
# its /48) on the pages that cost a read at Stripe and on the bodies it takes, and remembers a hashed file that no
# instance has (docs/decisions/0017-the-edge-under-abuse.md, docs/decisions/0026-stripes-own-room-at-the-edge.md and
# docs/decisions/0027-the-client-past-trusted-proxies.md). It logs each request's address
# with its credentials redacted, for varnishncsa's format in deploy/varnish/varnishncsa.format.
#
# Use it as it is: copy it to /etc/varnish/, write /etc/varnish/backends.vcl from
# backends.example.vcl (your instances, the cache's own address, and the proxies in front it trusts), and run
#   varnishd -a :80 -f /etc/varnish/taller.vcl -p http_gzip_support=off -p shortlived=0 -s main=malloc,256m -s Transient=malloc,64m -s webhook=malloc,16m -s stripe=malloc,16m
# Transient storage holds what is passed (never stored); it has no bound unless given one. With
# shortlived=0 the pages of one second go to the bounded, evicting storage `main`, not to Transient. The
# storages `stripe` (bodies from Stripe's own addresses) and `webhook` (any other's) hold the webhook's
# bodies while they arrive (taller_webhook_body), apart from both, so that slow bodies filling them can
# never starve what is kept or passed, and anonymous ones never Stripe's. It needs Debian's
# varnish-modules (vsthrottle).
# `npm run rehearsal` runs this very file in front of two instances, with a generated backends.vcl.
vcl 4.1;

import directors;
import std;
import vsthrottle;

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

# The outage page (docs/decisions/0001-outage-page.md): the instances serve it at /_outage, and this
# cache keeps it for when none of them answers. backends.vcl declares the cache itself as the backend
# `cache_itself`, probed with this: each probe is an ordinary request for /_outage through the cache,
# so the page is fetched as soon as the cache starts and refreshed whenever its short TTL has passed.
# The origin answers it 503, so 503 is the healthy answer. Never sent a visitor's request.
probe outage_keeper {
    .url = "/_outage";
    .expected_response = 503;
    .interval = 5s;
    .timeout = 2s;
    .window = 1;
    .threshold = 1;
}

# The addresses Stripe sends its webhooks from, as it publishes them (docs.stripe.com/ips; the list itself:
# https://stripe.com/files/ips/ips_webhooks.txt, as of May 2026). Their bodies have a storage of their own,
# which no one else's can fill. Stripe announces a change seven days ahead (its api-announce list): update
# these then. A delivery from an address not listed here is still taken, as anyone's is.
acl stripe_addresses {
    "3.18.12.63"; "3.69.109.8"; "3.120.168.93"; "3.130.192.231"; "13.235.14.237"; "13.235.122.149";
    "18.211.135.69"; "35.154.171.200"; "35.157.207.129"; "52.15.183.38"; "54.88.130.119"; "54.88.130.237";
    "54.187.174.169"; "54.187.205.235"; "54.187.216.72";
}

# The healthy instances on a consistent-hashing ring. Each backend request draws a random key, which
# spreads the load as evenly as a round robin, and keeps it for a retry (taller_next_instance).
# `keeper` holds cache_itself only so that the VCL counts it as used: it is never asked for a backend.
sub vcl_init {
    new taller = directors.shard();
    new keeper = directors.round_robin();
}

# backends.vcl (found on vcl_path, /etc/varnish by default) declares each instance with
# `.probe = taller_health;` and adds it to the ring in its own vcl_init, which Varnish runs after this
# one; declares its retry twin, the same address without a probe, which only retries go through, so
# that varnishstat counts them (VBE.*.<name>_retry); maps each instance to its twin in
# taller_retry_twin; and declares the cache itself, at the address it listens on, as cache_itself.
# Each instance and each twin gets `.max_connections`, so that this cache alone never takes an
# instance's MAX_CONNECTIONS (its probes, the kubelet's and the other cache nodes keep their room):
#   backend instance_1 { .host = "10.0.0.11"; .port = "3000"; .probe = taller_health; .max_connections = 100; }
#   backend instance_1_retry { .host = "10.0.0.11"; .port = "3000"; .max_connections = 100; }
#   backend cache_itself { .host = "127.0.0.1"; .port = "80"; .probe = outage_keeper; }
#   sub vcl_init { taller.add_backend(instance_1); }
#   sub taller_retry_twin { if (bereq.backend == instance_1) { set bereq.backend = instance_1_retry; } }
include "backends.vcl";

sub vcl_init {
    taller.reconfigure();
    keeper.add_backend(cache_itself);
}

# What a request is, from its path: X-Taller-Kind, one of shared/routes.ts's kinds, `asset` (the
# build's hashed files), `public` (the public folder's plain files) or `unknown`. Each list is a
# regular expression of exact paths: tests/deploy/vcl-routes.test.ts holds every kind's list to the
# route table, so a route added there without its path here fails. Routes match as the origin's
# router does, in any case and with or without a trailing slash; files match exactly.
sub taller_route {
    unset req.http.X-Taller-Token-Path;
    set req.http.X-Taller-Path = regsub(req.url, "\?.*$", "");
    set req.http.X-Taller-Route = std.tolower(regsub(req.http.X-Taller-Path, "(.)/$", "\1"));
    # A buyer's personal link is one route whatever its token: the table writes the token's segment
    # `:token`, and a refund's mailed confirmation code's `:code`; the path reaches an instance as it
    # came (the token's and the code's case are their own).
    if (req.http.X-Taller-Route ~ "^/acceso/[^/]+(/invitacion\.ics|/reembolso|/reembolso/[^/]+)?$") {
        set req.http.X-Taller-Route = regsub(req.http.X-Taller-Route, "^/acceso/[^/]+", "/acceso/:token");
        set req.http.X-Taller-Route = regsub(req.http.X-Taller-Route, "^(/acceso/:token/reembolso/)[^/]+$", "\1:code");
        set req.http.X-Taller-Token-Path = regsub(req.http.X-Taller-Path, "(.)/$", "\1");
    }
    if (req.http.X-Taller-Route ~ "^(/|/prompt1|/terminos|/reembolsos|/privacidad)$") {
        set req.http.X-Taller-Kind = "page";
    } elsif (req.http.X-Taller-Route ~ "^(/taller-marca-autoridad\.ics|/robots\.txt|/sitemap\.xml)$") {
        set req.http.X-Taller-Kind = "file";
    } elsif (req.http.X-Taller-Route ~ "^(/healthz|/livez)$") {
        set req.http.X-Taller-Kind = "probe";
    } elsif (req.http.X-Taller-Route ~ "^(/_outage)$") {
        set req.http.X-Taller-Kind = "outage";
    } elsif (req.http.X-Taller-Route ~ "^(/gracias|/gracias/invitacion\.ics|/acceso/:token|/acceso/:token/invitacion\.ics)$") {
        set req.http.X-Taller-Kind = "private";
    } elsif (req.http.X-Taller-Route ~ "^(/webhooks/stripe)$") {
        set req.http.X-Taller-Kind = "webhook";
    } elsif (req.http.X-Taller-Route ~ "^(/acceso/:token/reembolso|/acceso/:token/reembolso/:code|/panel|/panel/enlace|/panel/entrar|/panel/salir|/panel/reenviar|/panel/fecha|/panel/cerrar|/panel/cancelar|/panel/grabacion|/panel/edicion|/panel/deshacer)$") {
        set req.http.X-Taller-Kind = "action";
    } elsif (req.http.X-Taller-Path ~ "^/assets/(([a-z]+/)?[A-Za-z0-9_]+-[A-Z0-9]{8}\.js|trainer-[0-9]+-[0-9a-f]{10}\.(avif|webp|jpg))$") {
        set req.http.X-Taller-Kind = "asset";
    } elsif (req.http.X-Taller-Path ~ "^/(apple-touch-icon\.png|favicon-32\.png|favicon\.svg|og-image\.png)$") {
        set req.http.X-Taller-Kind = "public";
    } else {
        set req.http.X-Taller-Kind = "unknown";
    }

    # The URL an instance is asked for. A query reaches it only on a private page (a payment's
    # session id) or an action (the seller's search, her sign-in link's token); a webhook is passed
    # as it came.
    if (req.http.X-Taller-Token-Path) {
        set req.url = req.http.X-Taller-Token-Path + regsub(req.url, "^[^?]*", "");
    } elsif (req.http.X-Taller-Kind == "private" || req.http.X-Taller-Kind == "action") {
        set req.url = req.http.X-Taller-Route + regsub(req.url, "^[^?]*", "");
    } elsif (req.http.X-Taller-Kind == "webhook") {
        set req.url = req.http.X-Taller-Route + regsub(req.url, "^[^?]*", "");
    } elsif (req.http.X-Taller-Kind == "asset" || req.http.X-Taller-Kind == "public") {
        set req.url = req.http.X-Taller-Path;
    } elsif (req.http.X-Taller-Kind == "unknown") {
        # Every path the site does not know gets the same 404 page: one object, fetched once a minute
        # (its s-maxage), however many random paths a script sends. The path asked for is in the
        # access log (taller_log_url, redacted), not in the instances' logs.
        set req.url = "/_not-found";
    } else {
        set req.url = req.http.X-Taller-Route;
    }
    unset req.http.X-Taller-Path;
    unset req.http.X-Taller-Route;
    unset req.http.X-Taller-Token-Path;
}

# The pages whose every request may cost a read at Stripe: the private pages (/gracias and its
# invite) and a buyer's access link, anywhere under /acceso/. Each instance has a budget of those
# reads for each page (server/fulfilment/fulfilmentRoutes.ts), so that one client sending made-up ids
# could spend it all and leave a real buyer a 503. Here each client, per cache node, gets less than
# half of an instance's budget at once and less than half of its refill: with two nodes in front of the
# fleet's minimum of two instances, the budget is never empty for a buyer on another address, even if
# every request of the one client lands on one instance (docs/operations.md, "Who the client is"). An
# IPv6 client's /48 has a budget of its own besides, twice a client's: a subscriber's whole prefix is
# never more than two clients, and two buyers on one carrier's /48 each keep theirs.
# tests/deploy/varnish-throttle.test.ts holds every private route of shared/routes.ts to this list,
# and reads its numbers from here.
sub taller_client_limit {
    if (std.tolower(regsub(req.url, "\?.*$", "")) ~ "^/(gracias|acceso)(/|$)") {
        if (vsthrottle.is_denied("stripe-reads " + req.http.X-Taller-Client, 4, 8s)) {
            return (synth(429));
        }
        if (req.http.X-Taller-Client-Prefix && vsthrottle.is_denied("stripe-reads " + req.http.X-Taller-Client-Prefix, 8, 8s)) {
            return (synth(429));
        }
    }
}

# Who the client is, in X-Taller-Client: X-Forwarded-For read from the right, past the proxies this
# deployment trusts (acl trusted_proxies, in backends.vcl: the ingress, a balancer in front of it, the
# other cache nodes). Varnish has added the address that connected here as the header's last entry.
# While the address in hand is a trusted proxy's, the entry before it is the address that proxy saw
# connect, and is taken instead; the first address that is no trusted proxy's is the client. Whatever a
# client writes in the header itself stands further left, and is never reached: a client that connects
# here directly, or through a proxy not on the list, is the address that connected, whatever it sends.
# An entry that is no address ends the walk at the proxy that wrote it. Every address is read as one
# (never resolved as a name), written as Varnish writes it (lower case, the longest run of zero groups
# as "::"), and an IPv4-mapped IPv6 address as its IPv4 address, before any list is asked. The walk
# goes at most five proxies deep. docs/operations.md ("Who the client is") and
# docs/decisions/0027-the-client-past-trusted-proxies.md say more.
sub taller_client {
    set req.http.X-Taller-Client = regsub("" + client.ip, "^::ffff:([0-9.]+)$", "\1");
    unset req.http.X-Taller-Walk;
    if (req.http.X-Forwarded-For ~ ",") {
        set req.http.X-Taller-Walk = regsub(req.http.X-Forwarded-For, "^(.*),[^,]*$", "\1");
    }
    call taller_client_hop;
    call taller_client_hop;
    call taller_client_hop;
    call taller_client_hop;
    call taller_client_hop;
    unset req.http.X-Taller-Walk;
    unset req.http.X-Taller-Hop;
    if (std.ip(req.http.X-Taller-Client, client.ip, false) ~ stripe_addresses) {
        set req.http.X-Taller-From-Stripe = "1";
    }
    # An IPv6 client is counted by its /64 (one line or host has all of it, and would otherwise be a new
    # client with each address it takes) and by its /48 (a subscriber's whole prefix: a /56 or a /48 is
    # one client, not 256 or 65,536).
    if (req.http.X-Taller-Client ~ ":") {
        call taller_client_prefixes;
    }
}

# One step of the walk: the entry left of the address in hand, if that address is a trusted proxy's.
sub taller_client_hop {
    if (req.http.X-Taller-Walk && std.ip(req.http.X-Taller-Client, client.ip, false) ~ trusted_proxies) {
        set req.http.X-Taller-Hop = regsub(req.http.X-Taller-Walk, "^(.*,)?\s*([^,]*?)\s*$", "\2");
        if (req.http.X-Taller-Walk ~ ",") {
            set req.http.X-Taller-Walk = regsub(req.http.X-Taller-Walk, "^(.*),[^,]*$", "\1");
        } else {
            unset req.http.X-Taller-Walk;
        }
        set req.http.X-Taller-Hop = std.ip(req.http.X-Taller-Hop, std.ip("0.0.0.0", client.ip, false), false);
        if (req.http.X-Taller-Hop == "0.0.0.0") {
            unset req.http.X-Taller-Walk;
        } else {
            set req.http.X-Taller-Client = regsub(req.http.X-Taller-Hop, "^::ffff:([0-9.]+)$", "\1");
        }
    }
}

# An IPv6 address, as Varnish writes it, as its /64 (its first four groups) in X-Taller-Client and its /48
# (its first three) in X-Taller-Client-Prefix. "::" stands for the zero groups left out; each is written out, one
# at a time, until there are eight.
sub taller_client_prefixes {
    if (req.http.X-Taller-Client ~ "^::") {
        set req.http.X-Taller-Client = "0" + req.http.X-Taller-Client;
    }
    if (req.http.X-Taller-Client ~ "::$") {
        set req.http.X-Taller-Client = req.http.X-Taller-Client + "0";
    }
    if (req.http.X-Taller-Client ~ "::" && req.http.X-Taller-Client !~ "^([0-9a-f]+::?){6}[0-9a-f]+$") {
        set req.http.X-Taller-Client = regsub(req.http.X-Taller-Client, "::", ":0::");
    }
    if (req.http.X-Taller-Client ~ "::" && req.http.X-Taller-Client !~ "^([0-9a-f]+::?){6}[0-9a-f]+$") {
        set req.http.X-Taller-Client = regsub(req.http.X-Taller-Client, "::", ":0::");
    }
    if (req.http.X-Taller-Client ~ "::" && req.http.X-Taller-Client !~ "^([0-9a-f]+::?){6}[0-9a-f]+$") {
        set req.http.X-Taller-Client = regsub(req.http.X-Taller-Client, "::", ":0::");
    }
    if (req.http.X-Taller-Client ~ "::" && req.http.X-Taller-Client !~ "^([0-9a-f]+::?){6}[0-9a-f]+$") {
        set req.http.X-Taller-Client = regsub(req.http.X-Taller-Client, "::", ":0::");
    }
    if (req.http.X-Taller-Client ~ "::" && req.http.X-Taller-Client !~ "^([0-9a-f]+::?){6}[0-9a-f]+$") {
        set req.http.X-Taller-Client = regsub(req.http.X-Taller-Client, "::", ":0::");
    }
    set req.http.X-Taller-Client = regsub(req.http.X-Taller-Client, "::", ":0:");
    set req.http.X-Taller-Client-Prefix = regsub(req.http.X-Taller-Client, "^(([0-9a-f]+:){2}[0-9a-f]+):.*$", "\1::/48");
    set req.http.X-Taller-Client = regsub(req.http.X-Taller-Client, "^(([0-9a-f]+:){3}[0-9a-f]+):.*$", "\1::/64");
}

# The address as the cache's log shows it (std.log "url:", which varnishncsa's format reads): a buyer's
# personal link's token and a refund's confirmation code, a Checkout Session id wherever it appears,
# and the whole query of a private page (its session_id, however spelt) and of the seller's page (her
# sign-in link's token, a search by a buyer's address) are redacted, as the instances' own log redacts them.
sub taller_log_url {
    set req.http.X-Taller-Log-Url = regsub(req.url, "(?i)^(/acceso/)[^/?#]+", "\1[redacted]");
    set req.http.X-Taller-Log-Url = regsub(req.http.X-Taller-Log-Url, "(?i)^(/acceso/\[redacted\]/reembolso/)[^/?#]+", "\1[redacted]");
    if (std.tolower(req.http.X-Taller-Log-Url) ~ "^/(gracias|acceso|panel)(/|\?|$)") {
        set req.http.X-Taller-Log-Url = regsub(req.http.X-Taller-Log-Url, "\?.*$", "?[redacted]");
    }
    set req.http.X-Taller-Log-Url = regsuball(req.http.X-Taller-Log-Url, "(?i)(session(_|%5f)id=)[^&]*", "\1[redacted]");
    set req.http.X-Taller-Log-Url = regsuball(req.http.X-Taller-Log-Url, "(?i)cs_(test|live)_[a-z0-9]+", "[redacted]");
    std.log("url:" + req.http.X-Taller-Log-Url);
    unset req.http.X-Taller-Log-Url;
}

# A buyer's form (the refund's confirmation, a few bytes) is taken whole like a webhook's, into the same
# storage, and refused beyond a small bound: a body that trickles in holds no connection to an instance.
sub taller_action_body {
    if (std.integer(req.http.Content-Length, 0) > 4096) {
        return (synth(413));
    }
    set req.storage = storage.webhook;
    if (!std.cache_req_body(4KB)) {
        return (synth(413));
    }
}

# A webhook's body is taken whole before any instance is asked: a body that trickles in holds no
# connection to an instance, and reaches one in a single burst once complete. A body declared over the
# origin's own limit (Stripe's events are far smaller) is refused before a byte of it is read. Stripe's
# own addresses have the storage `stripe`; anyone else's bodies go to `webhook`, each client limited
# as on the private pages, so that slow bodies from elsewhere, however many, never leave Stripe's
# deliveries without room. When a storage is full, or a body without a declared length outgrows the
# limit, Varnish closes the connection unanswered: Stripe delivers again later, and nothing of it
# reaches an instance.
sub taller_webhook_body {
    if (std.integer(req.http.Content-Length, 0) > 262144) {
        return (synth(413));
    }
    if (req.http.X-Taller-From-Stripe) {
        set req.storage = storage.stripe;
    } else {
        if (vsthrottle.is_denied("webhook " + req.http.X-Taller-Client, 4, 8s)) {
            return (synth(429));
        }
        if (req.http.X-Taller-Client-Prefix && vsthrottle.is_denied("webhook " + req.http.X-Taller-Client-Prefix, 8, 8s)) {
            return (synth(429));
        }
        set req.storage = storage.webhook;
    }
    if (!std.cache_req_body(256KB)) {
        return (synth(413));
    }
}

sub vcl_recv {
    set req.backend_hint = taller.backend(resolve=LAZY);

    # Every X-Taller- header is this file's own, a note from one step to the next: none a client sends
    # reaches a step (a restart for the outage page keeps what this request itself set).
    if (req.restarts == 0) {
        unset req.http.X-Taller-Kind;
        unset req.http.X-Taller-Path;
        unset req.http.X-Taller-Route;
        unset req.http.X-Taller-Token-Path;
        unset req.http.X-Taller-Client;
        unset req.http.X-Taller-Client-Prefix;
        unset req.http.X-Taller-Walk;
        unset req.http.X-Taller-Hop;
        unset req.http.X-Taller-From-Stripe;
        unset req.http.X-Taller-Log-Url;
        unset req.http.X-Taller-Missing;
        unset req.http.X-Taller-Key;
        unset req.http.X-Taller-Tried;
        unset req.http.X-Taller-Next;
        unset req.http.X-Taller-Outage;
    }
    # No instance answered the visitor's request: the kept outage page instead, in its one variant.
    if (req.http.X-Taller-Outage) {
        set req.url = "/_outage";
        if (req.method != "HEAD") {
            set req.method = "GET";
        }
    }

    # A request in absolute form (GET http://host/path) names the same path as any other.
    if (req.url !~ "^/") {
        set req.url = "/" + regsub(req.url, "^[a-zA-Z][a-zA-Z0-9+.-]*://[^/?]*/?", "");
    }
    if (req.restarts == 0) {
        call taller_log_url;
        call taller_client;
    }
    call taller_client_limit;
    call taller_route;
    # The site sets and reads no cookie, so a visitor's (an analytics cookie on the domain) must
    # not turn every page into a pass, nor reach an instance.
    unset req.http.Cookie;

    # Methods are answered here, never piped or passed to an instance: GET and HEAD everywhere, POST
    # at a webhook alone, which takes nothing else, and at a buyer's action, which is a private page too.
    if (req.http.X-Taller-Kind == "webhook") {
        if (req.method != "POST") {
            return (synth(405));
        }
        call taller_webhook_body;
        return (pass);
    }
    if (req.http.X-Taller-Kind == "action" && req.method == "POST") {
        call taller_action_body;
        return (pass);
    }
    if (req.method != "GET" && req.method != "HEAD") {
        return (synth(405));
    }
    # Only the webhook and a buyer's action take a body. Any other is refused before a byte of it is read (vcl_synth
    # closes the connection): a GET trickling a body holds nothing, here or at an instance. (A request
    # restarted for the outage page keeps the headers of the webhook's body, which was read whole.)
    if (req.restarts == 0 && (req.http.Transfer-Encoding || std.integer(req.http.Content-Length, 0) > 0)) {
        return (synth(400));
    }

    if (req.http.X-Taller-Kind == "outage") {
        unset req.http.Accept-Encoding;
        return (hash);
    }

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

    # Never stored: the probe (each check must reach an instance) and a private page.
    if (req.http.X-Taller-Kind == "probe" || req.http.X-Taller-Kind == "private" || req.http.X-Taller-Kind == "action") {
        return (pass);
    }
    return (hash);
}

# The key is the path vcl_recv made, alone: never the query (dropped, but on a private page, which is
# never stored), never the Host (one site, whose pages name PUBLIC_URL, never the Host they were asked
# under), so neither splits the cache. Vary: Accept-Encoding adds the encoding.
sub vcl_hash {
    hash_data(req.url);
    return (lookup);
}

# What the edge answers itself, stored by no one and naming no cache software: a 405 for a method the
# site does not take there (the methods it does take in Allow), a 400 for a body where none is taken, a
# 413 for a webhook's body over the limit, and a 429 for a client over its limit on the pages that cost
# a read at Stripe (taller_client_limit), in the site's words: a buyer who reloads too fast may see it.
# A body the request still carries is never read: the connection is closed after the answer.
sub vcl_synth {
    if (resp.status == 405 || resp.status == 400 || resp.status == 413 || resp.status == 429) {
        set resp.http.Cache-Control = "no-store";
        set resp.http.X-Content-Type-Options = "nosniff";
        unset resp.http.Retry-After;
        unset resp.http.X-Varnish;
        unset resp.http.Via;
        unset resp.http.Server;
        if (req.http.Transfer-Encoding || std.integer(req.http.Content-Length, 0) > 0) {
            set resp.http.Connection = "close";
        }
    }
    if (resp.status == 405) {
        if (req.http.X-Taller-Kind == "webhook") {
            set resp.http.Allow = "POST";
        } elsif (req.http.X-Taller-Kind == "action") {
            set resp.http.Allow = "GET, HEAD, POST";
        } else {
            set resp.http.Allow = "GET, HEAD";
        }
        set resp.http.Content-Type = "text/plain; charset=utf-8";
        set resp.body = "Method Not Allowed";
        return (deliver);
    }
    if (resp.status == 400) {
        set resp.http.Content-Type = "text/plain; charset=utf-8";
        set resp.body = "Bad Request";
        return (deliver);
    }
    if (resp.status == 413) {
        set resp.http.Content-Type = "text/plain; charset=utf-8";
        set resp.body = "Content Too Large";
        return (deliver);
    }
    # The words of `throttled` in shared/content/errorPageWords.ts (tests/deploy/varnish-throttle.test.ts checks them).
    if (resp.status == 429) {
        set resp.http.Retry-After = "10";
        set resp.http.Content-Type = "text/html; charset=utf-8";
        # Its one inline style is allowed by its hash, as the site's pages are (the test recomputes it).
        set resp.http.Content-Security-Policy = "default-src 'none'; style-src 'sha256-EOAC4Zc/6zqwGHjEiGUZEqBdEQv6woMcnLYBptwMtIQ='; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";
        set resp.http.X-Frame-Options = "DENY";
        set resp.http.Referrer-Policy = "no-referrer";
        set resp.body = {"<!DOCTYPE html><html lang="es"><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>Un momento, por favor</title><style>body{margin:0;padding:12vh 1rem;background:#fbf6f1;color:#2b1a2e;font:1.0625rem/1.6 system-ui,-apple-system,'Segoe UI',sans-serif}main{max-width:34rem;margin:0 auto;padding:2rem 1.5rem;background:#fff;border:1px solid #eadccf;border-radius:1rem}h1{margin:0 0 .75rem;font:700 1.6rem/1.2 Georgia,'Times New Roman',serif;color:#3a1d44}p{margin:0}</style><main><h1>Un momento, por favor</h1><p>Recibimos muchas solicitudes seguidas desde tu conexión. Espera unos segundos y vuelve a cargar la página.</p></main></html>"};
        return (deliver);
    }
}

# Timeouts towards the instances. An instance answers from memory, or renders a page in a small
# fraction of a second even on a busy machine (docs/caching.md has the measured figures): a first
# byte later than 2 s means a stuck process, not a slow page, and the request goes to another
# instance (vcl_backend_error). A hung instance thus costs a visitor at most this bound plus one
# render, until the probes take it out. A connection on the instances' network opens at once, and a
# page is written in one go, so the other two bounds are no looser.
sub vcl_backend_fetch {
    # Who the client is stays at the edge.
    unset bereq.http.X-Taller-Client;
    unset bereq.http.X-Taller-Client-Prefix;
    unset bereq.http.X-Taller-From-Stripe;
    # A first attempt draws its key on the ring; a retry keeps the key and the twin taller_next_instance chose.
    if (bereq.retries == 0) {
        set bereq.http.X-Taller-Key = std.random(0, 1000000000);
        set bereq.http.X-Taller-Tried = ",";
        set bereq.backend = taller.backend(by=KEY, key=taller.key(bereq.http.X-Taller-Key), healthy=ALL);
    }
    set bereq.connect_timeout = 1s;
    set bereq.first_byte_timeout = 2s;
    set bereq.between_bytes_timeout = 2s;
    # A private page waits on Stripe (each call bounded at 4 s), a webhook and a buyer's action on the mail
    # server too: their own bounds. None is ever retried, so a longer wait costs no second attempt.
    if (bereq.http.X-Taller-Kind == "private") {
        set bereq.first_byte_timeout = 6s;
    } elsif (bereq.http.X-Taller-Kind == "webhook" || bereq.http.X-Taller-Kind == "action") {
        set bereq.first_byte_timeout = 30s;
    }
}

# The instance for the next attempt, in X-Taller-Next (none: no other instance to ask): the next
# healthy instance on the ring for the request's key that has not been asked yet. The ring counts
# healthy instances only, so the next is its (attempts + 1)th; if the probes have meanwhile taken
# out an instance that was asked (the one that just hung, say), it has left that count and the
# first healthy one is next. Either way, an instance already asked is never asked again.
sub taller_next_instance {
    set bereq.http.X-Taller-Tried = bereq.http.X-Taller-Tried + regsub("" + beresp.backend, "_retry$", "") + ",";
    unset bereq.http.X-Taller-Next;
    set bereq.backend = taller.backend(by=KEY, key=taller.key(bereq.http.X-Taller-Key), alt=bereq.retries + 1, healthy=ALL);
    if (!bereq.backend || std.strstr(bereq.http.X-Taller-Tried, "," + bereq.backend + ",")) {
        set bereq.backend = taller.backend(by=KEY, key=taller.key(bereq.http.X-Taller-Key), healthy=ALL);
    }
    if (bereq.backend && !std.strstr(bereq.http.X-Taller-Tried, "," + bereq.backend + ",")) {
        set bereq.http.X-Taller-Next = "" + bereq.backend;
    }
}

sub vcl_backend_response {
    # What the cache keeps goes to the storage `main`: Varnish would otherwise spread it over every
    # storage it has, the webhook's bodies' included, where a flood of bodies leaves no room.
    if (!bereq.uncacheable) {
        set beresp.storage = storage.main;
    }
    # The outage page is kept, apart from the pages' rules: a short TTL, so the probe refreshes it
    # (a new contact address shows soon), and a long grace, so it is there when nothing answers. It
    # holds no offer, so keeping it brings no ended Early Bird back. Its no-store stays in its
    # headers, for visitors and caches beyond this one; anything but the origin's 503 is not kept.
    if (bereq.http.X-Taller-Kind == "outage") {
        if (beresp.status != 503) {
            return (abandon);
        }
        set beresp.ttl = 10s;
        set beresp.grace = 365d;
        return (deliver);
    }
    # A hashed file this instance does not have. During a rolling deploy a page of the new release
    # names files the old instances lack (docs/decisions/0010-previous-release-chunks.md): each other
    # instance is asked in turn, and once none has it, vcl_backend_error answers the 404 and keeps it a
    # few seconds.
    if (bereq.http.X-Taller-Kind == "asset" && beresp.status == 404) {
        set bereq.http.X-Taller-Missing = "1";
        call taller_next_instance;
        if (bereq.http.X-Taller-Next) {
            std.log("retry " + bereq.method + " " + bereq.url + ": 404 from " + beresp.backend + " to " + bereq.backend);
            call taller_retry_twin;
            return (retry);
        }
        return (error(404));
    }
    # Never stored, whatever its headers say: a 412 answers one request's If-Match.
    if (beresp.status == 412) {
        set beresp.uncacheable = true;
        set beresp.ttl = 0s;
        set beresp.grace = 0s;
        return (deliver);
    }
    # No grace for pages: an expired page is never served while a fresh one is fetched, so an
    # Early Bird offer ends when its s-maxage does, on a quiet node too. The origin says the same
    # (stale-while-revalidate=0, stale-if-error=0); this holds even for a response that forgets it.
    # The price: while every instance is down, visitors get the outage page rather than an old offer.
    if (beresp.http.Content-Type ~ "(?i)^text/html") {
        set beresp.grace = 0s;
    }
    # Any other response, even a 5xx, is never retried: the instance answered, and its answer is the page.
}

# The instance refused the connection, reset it, or sent nothing in time. A GET or HEAD (a cache
# miss is always fetched as a GET) goes once more, to the next instance on the ring that has not been
# asked (taller_next_instance), whether or not the probes have taken the failed one out yet: it
# changes nothing on the origin, and the visitor never sees the fault. Nothing else is retried: not a
# POST, not a private page (its lookup spends the instance's budget of Stripe reads); never twice.
# Each retry is logged
# (varnishlog -g request -q 'VCL_Log ~ "^retry"' -i VCL_Log) and counted: it goes through the chosen instance's
# twin, so the sum of the twins' req, fail_* and helddown in varnishstat (-f 'VBE.*_retry.*') is
# the number of retries. MAIN.backend_retry counts another retry, of Varnish's own.
sub vcl_backend_error {
    if (bereq.is_bgfetch) {
        # A refresh in the background failed: keep the copy there is.
        return (abandon);
    }
    # A hashed file that no instance has: every instance asked said 404 (or Varnish's max_retries
    # ended the walk first). One small 404 for every encoding, kept a few seconds: however many ask
    # for that name, each instance is asked at most once in those seconds, and a script's URL never
    # gets the outage page. Browsers and caches beyond this one keep none (no-store): the next
    # release may bring the file.
    if (bereq.http.X-Taller-Kind == "asset" && bereq.http.X-Taller-Missing) {
        set beresp.storage = storage.main;
        set beresp.status = 404;
        set beresp.ttl = 5s;
        set beresp.grace = 0s;
        set beresp.http.Content-Type = "text/plain; charset=utf-8";
        set beresp.http.Cache-Control = "no-store";
        set beresp.http.X-Content-Type-Options = "nosniff";
        set beresp.body = "Not Found";
        return (deliver);
    }
    if (bereq.retries == 0 && (bereq.method == "GET" || bereq.method == "HEAD") && bereq.http.X-Taller-Kind != "private" && bereq.http.X-Taller-Kind != "action") {
        call taller_next_instance;
        if (bereq.http.X-Taller-Next) {
            std.log("retry " + bereq.method + " " + bereq.url + ": " + beresp.reason + " from " + beresp.backend + " to " + bereq.backend);
            call taller_retry_twin;
            return (retry);
        }
    }
    # No instance could answer a hashed file: a plain 503, never the outage page's HTML in place of a
    # script, and kept by no one.
    if (bereq.http.X-Taller-Kind == "asset") {
        set beresp.status = 503;
        set beresp.ttl = 0s;
        set beresp.grace = 0s;
        set beresp.http.Content-Type = "text/plain; charset=utf-8";
        set beresp.http.Cache-Control = "no-store";
        set beresp.http.Retry-After = "30";
        set beresp.http.X-Content-Type-Options = "nosniff";
        set beresp.body = "Service Unavailable";
        return (deliver);
    }
    # No instance could answer: vcl_deliver shows the kept outage page instead. This body is only the
    # last resort, for a cache that has not kept that page yet (no instance has answered since it
    # started): the words of `outage` in shared/content/errorPageWords.ts (tests/deploy/varnish.test.ts checks them),
    # plain. Never stored.
    set beresp.ttl = 0s;
    set beresp.grace = 0s;
    set beresp.http.X-Taller-Outage = "1";
    set beresp.http.Content-Type = "text/html; charset=utf-8";
    set beresp.http.Cache-Control = "no-store";
    set beresp.http.Retry-After = "30";
    set beresp.http.Content-Security-Policy = "default-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";
    set beresp.http.X-Content-Type-Options = "nosniff";
    set beresp.http.X-Frame-Options = "DENY";
    set beresp.http.Referrer-Policy = "strict-origin";
    set beresp.body = {"<!DOCTYPE html><html lang="es"><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Volvemos en un momento</title><h1>Volvemos en un momento</h1><p>La página no está disponible ahora mismo por un problema técnico de nuestro lado. Vuelve a intentarlo en unos minutos.</p></html>"};
    return (deliver);
}

sub vcl_deliver {
    # No instance answered: once, the same request again as the kept outage page (vcl_recv).
    if (resp.http.X-Taller-Outage && req.restarts == 0) {
        set req.http.X-Taller-Outage = "1";
        if (req.http.X-Taller-Kind != "outage") {
            return (restart);
        }
        # The kept page itself was asked for, and there is none: a 500, which outage_keeper reads as
        # sick, so that cache_itself is healthy only while this cache holds the page.
        set resp.status = 500;
        set resp.reason = "Internal Server Error";
    }
    if (req.http.X-Taller-Outage) {
        # The outage speaks only for the site: no trace of the cache's software.
        unset resp.http.X-Taller-Outage;
        unset resp.http.Via;
        unset resp.http.X-Varnish;
        unset resp.http.Server;
    }
    # For the rehearsal's records and an operator's curl: was this served from the cache?
    if (obj.hits > 0) {
        set resp.http.X-Cache = "HIT";
    } else {
        set resp.http.X-Cache = "MISS";
    }
}
