# The instances behind taller.vcl, and the proxies in front of it. Copy this file to backends.vcl beside
# taller.vcl (Varnish looks for it on vcl_path, /etc/varnish by default). Per instance: a backend probed
# by taller_health and added to the ring in vcl_init, and its retry twin (the same address, no probe),
# mapped to it in taller_retry_twin: retries go through the twin, so varnishstat counts them. Each holds
# at most 100 connections to its instance: four cache nodes then hold less than an instance's
# MAX_CONNECTIONS (1,000), and a flood through one node never takes the room of the probes. Reload
# Varnish after changing it.

# The proxies whose X-Forwarded-For entries the cache takes as written (taller_client): the cluster's
# ingress, a balancer in front of it, the other cache nodes. Every other address that connects is a client,
# whatever it sends. These are the usual ranges of a cluster's pods and nodes: narrow them to your ingress's
# and cache nodes' own, and give the site's TRUSTED_PROXIES the same list (deploy/kubernetes/configmap.yaml;
# tests/deploy/kubernetes.test.ts holds the two equal).
acl trusted_proxies {
    "10.0.0.0"/8;
    "172.16.0.0"/12;
    "192.168.0.0"/16;
    "100.64.0.0"/10;
    "fc00::"/7;
}
backend instance_1 { .host = "10.0.0.11"; .port = "3000"; .probe = taller_health; .max_connections = 100; }
backend instance_1_retry { .host = "10.0.0.11"; .port = "3000"; .max_connections = 100; }
backend instance_2 { .host = "10.0.0.12"; .port = "3000"; .probe = taller_health; .max_connections = 100; }
backend instance_2_retry { .host = "10.0.0.12"; .port = "3000"; .max_connections = 100; }

# The cache itself, at the address and port varnishd listens on (-a): its probe keeps the outage page
# in the cache (taller.vcl). It is never sent a visitor's request.
backend cache_itself { .host = "127.0.0.1"; .port = "80"; .probe = outage_keeper; }

sub vcl_init {
    taller.add_backend(instance_1);
    taller.add_backend(instance_2);
}

sub taller_retry_twin {
    if (bereq.backend == instance_1) { set bereq.backend = instance_1_retry; }
    if (bereq.backend == instance_2) { set bereq.backend = instance_2_retry; }
}
