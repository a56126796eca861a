import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { Deployment, type IDeployment } from 'kubernetes-models/apps/v1';
import { HorizontalPodAutoscaler, type IHorizontalPodAutoscaler } from 'kubernetes-models/autoscaling/v2';
import { type INetworkPolicy, type INetworkPolicyPeer, NetworkPolicy } from 'kubernetes-models/networking.k8s.io/v1';
import { PodDisruptionBudget, type IPodDisruptionBudget } from 'kubernetes-models/policy/v1';
import { ConfigMap, type IConfigMap, type ISecret, type IService, Secret, Service } from 'kubernetes-models/v1';
import { describe, expect, it } from 'vitest';
import { parseAllDocuments } from 'yaml';
import { ConfigError, DEFAULTS, PLACEHOLDER_SETTINGS, REQUIRED_IN_PRODUCTION, readConfig } from '../../server/config/settings';
import { imageCommand, PRODUCTION_SETTINGS } from '../../scripts/lib/harness';
import { ROUTES } from '../../shared/routes';

/** When the settings are read: only dates left unset depend on it. */
const NOW = Date.parse('2025-09-01T12:00:00-06:00');

/**
 * The fleet's manifests (deploy/kubernetes), offline: each is validated against the Kubernetes API schema
 * (kubernetes-models), then checked for what operators rely on: security, probes, shutdown timing, ports.
 */
const DIR = 'deploy/kubernetes';

interface Manifest {
  file: string;
  object: { apiVersion?: unknown; kind?: unknown } & Record<string, unknown>;
}
const manifests: Manifest[] = readdirSync(DIR)
  .filter((file) => file.endsWith('.yaml'))
  .flatMap((file) =>
    parseAllDocuments(readFileSync(path.join(DIR, file), 'utf8')).map((document) => {
      if (document.errors.length > 0) throw new Error(`${file}: ${document.errors[0]?.message}`);
      return { file, object: document.toJS() as Manifest['object'] };
    }),
  );

/** Each kind we ship, as its kubernetes-models class: constructing one and calling validate() checks the schema. */
const MODELS: Record<string, new (data: never) => { validate(): void }> = {
  'apps/v1 Deployment': Deployment,
  'autoscaling/v2 HorizontalPodAutoscaler': HorizontalPodAutoscaler,
  'networking.k8s.io/v1 NetworkPolicy': NetworkPolicy,
  'policy/v1 PodDisruptionBudget': PodDisruptionBudget,
  'v1 ConfigMap': ConfigMap,
  'v1 Secret': Secret,
  'v1 Service': Service,
};
/** Throws what the schema finds wrong with `object`, read as `type` (apiVersion and kind). */
const validate = (type: string, object: unknown): void => {
  const Model = MODELS[type];
  if (!Model) throw new Error(`no schema for ${type}`);
  new Model(object as never).validate();
};
const typeOf = ({ object }: Manifest): string => `${String(object.apiVersion)} ${String(object.kind)}`;
const resources = manifests.filter((manifest) => manifest.object.kind !== 'Kustomization');
const ofKind = <T>(kind: string): T[] => resources.filter((manifest) => manifest.object.kind === kind).map((manifest) => manifest.object as T);
const onlyOne = <T>(kind: string): T => {
  const [object, ...others] = ofKind<T>(kind);
  if (!object || others.length > 0) throw new Error(`expected exactly one ${kind} in ${DIR}`);
  return object;
};

const deployment = onlyOne<IDeployment>('Deployment');
const pod = deployment.spec!.template;
const container = pod.spec!.containers[0]!;
const configMap = onlyOne<IConfigMap>('ConfigMap');
const settings = configMap.data ?? {};
const services = ofKind<IService>('Service');
const portNamed = (name: string): number | undefined => container.ports?.find((port) => port.name === name)?.containerPort;
/** What an exec probe runs, as one line: the script bash is given. */
const probeCommand = (probe: { exec?: { command?: string[] } }): string => probe.exec?.command?.at(-1) ?? '';
/** A probe's or Service's port, named or numbered, as the container's port number. */
const containerPortOf = (port: number | string | undefined): number | undefined => (typeof port === 'string' ? portNamed(port) : port);
/** Kubernetes memory quantities as MiB: 160Mi, 1Gi, 268435456. */
const mebibytes = (quantity: string | number | undefined): number => {
  const match = /^(\d+)(Ki|Mi|Gi)?$/.exec(String(quantity));
  if (!match) throw new Error(`unexpected memory quantity ${quantity}`);
  return Number(match[1]) * { Ki: 1 / 1024, Mi: 1, Gi: 1024, '': 1 / 1024 / 1024 }[match[2] ?? '']!;
};

describe('deploy/kubernetes', () => {
  it('is valid against the Kubernetes API schema, every object in every file', () => {
    expect(resources.length).toBeGreaterThanOrEqual(6);
    for (const manifest of resources) expect(() => validate(typeOf(manifest), manifest.object), manifest.file).not.toThrow();
  });

  it('fails the schema check on a broken manifest, so the check above means something', () => {
    expect(() => validate('apps/v1 Deployment', { ...deployment, spec: { ...deployment.spec, replicas: 'two' } })).toThrow(/replicas must be integer/);
    const { name: _name, ...nameless } = container;
    const broken = { ...deployment, spec: { ...deployment.spec, template: { ...pod, spec: { ...pod.spec, containers: [nameless] } } } };
    expect(() => validate('apps/v1 Deployment', broken)).toThrow(/required property name/);
  });

  it('applies with kubectl apply -k: the kustomization names every other file', () => {
    const kustomization = manifests.find((manifest) => manifest.object.kind === 'Kustomization')?.object as { resources?: string[] } | undefined;
    const files = [...new Set(resources.map((manifest) => manifest.file))].sort();
    expect([...(kustomization?.resources ?? [])].sort()).toEqual(files);
  });

  it('leaves the number of pods to the autoscaler, at least 2: no replicas that a kubectl apply would shrink it to', () => {
    expect(deployment.spec).not.toHaveProperty('replicas');
    expect(deployment.spec!.strategy?.rollingUpdate?.maxUnavailable).toBe(0);
    const autoscaler = onlyOne<IHorizontalPodAutoscaler>('HorizontalPodAutoscaler');
    expect(autoscaler.spec!.scaleTargetRef).toMatchObject({ apiVersion: 'apps/v1', kind: 'Deployment', name: deployment.metadata!.name });
    expect(autoscaler.spec!.minReplicas).toBeGreaterThanOrEqual(2);
    expect(autoscaler.spec!.maxReplicas).toBeGreaterThan(autoscaler.spec!.minReplicas!);
  });

  it('selects its own pods everywhere: Deployment, Services and disruption budget', () => {
    const labels = pod.metadata!.labels!;
    const budget = onlyOne<IPodDisruptionBudget>('PodDisruptionBudget');
    expect(budget.spec!.maxUnavailable).toBe(1);
    for (const selector of [deployment.spec!.selector.matchLabels, budget.spec!.selector?.matchLabels, ...services.map((service) => service.spec!.selector)]) {
      expect(selector).toBeDefined();
      expect(labels).toMatchObject(selector!);
    }
  });

  it('runs its image by digest, as written and as kustomize sets it, never by a tag a push can move', () => {
    const DIGEST = /^[a-z0-9./-]+@sha256:[0-9a-f]{64}$/;
    for (const each of [...(pod.spec!.initContainers ?? []), ...pod.spec!.containers]) expect(each.image).toMatch(DIGEST);
    const kustomization = manifests.find((manifest) => manifest.object.kind === 'Kustomization')?.object as {
      images?: { name: string; newName?: string; newTag?: string; digest?: string }[];
    };
    expect(kustomization.images?.length).toBeGreaterThan(0);
    for (const image of kustomization.images ?? []) {
      expect(image).not.toHaveProperty('newTag');
      expect(`${image.newName ?? image.name}@${image.digest}`).toMatch(DIGEST);
    }
  });

  it('runs as uid/gid 1000, not root, read-only, without privileges or capabilities, under the runtime default seccomp', () => {
    expect(pod.spec!.securityContext).toMatchObject({ runAsNonRoot: true, runAsUser: 1000, runAsGroup: 1000, seccompProfile: { type: 'RuntimeDefault' } });
    expect(container.securityContext).toEqual({
      allowPrivilegeEscalation: false,
      readOnlyRootFilesystem: true,
      runAsNonRoot: true,
      runAsUser: 1000,
      runAsGroup: 1000,
      capabilities: { drop: ['ALL'] },
      seccompProfile: { type: 'RuntimeDefault' },
    });
    expect(pod.spec!.automountServiceAccountToken).toBe(false);
  });

  it('probes readiness on /healthz and liveness on its own /livez, which starting and draining never fail, at port 3000', () => {
    // /healthz answers 503 while the first read of the checkout is on the way and during the lame duck: that makes
    // the pod unready; /livez answers 200 then (tests/routes/probes.test.ts), so neither gets it restarted.
    expect(probeCommand(container.readinessProbe!)).toContain(`GET ${ROUTES.health.path} `);
    expect(probeCommand(container.livenessProbe!)).toContain(`GET ${ROUTES.liveness.path} `);
    for (const probe of [container.readinessProbe!, container.livenessProbe!]) {
      expect(probeCommand(probe)).toContain(`/dev/tcp/127.0.0.1/${portNamed('http')}`);
      expect(probe.periodSeconds).toBeGreaterThanOrEqual(1);
      expect(probe.periodSeconds).toBeLessThanOrEqual(30);
      expect(probe.timeoutSeconds).toBeLessThan(probe.periodSeconds!);
    }
  });

  it('runs every probe inside the pod, so that nothing on the node has to reach it', () => {
    // A probe over the network (httpGet, tcpSocket, grpc) comes from the node: letting it in lets the node's every process in.
    for (const probe of [container.readinessProbe, container.livenessProbe, container.startupProbe].filter((each) => each !== undefined)) {
      expect(Object.keys(probe).filter((key) => ['httpGet', 'tcpSocket', 'grpc'].includes(key))).toEqual([]);
      expect(probe.exec?.command?.slice(0, 2)).toEqual(['bash', '-c']);
    }
  });

  it('restarts a stuck pod within the time docs/caching.md states, after readiness has taken it out of the Service', () => {
    // A probe fails `timeoutSeconds` after it is sent; the first one after the process sticks is sent within a
    // period, and `failureThreshold` failures in a row decide.
    const window = (probe: { periodSeconds?: number; timeoutSeconds?: number; failureThreshold?: number }) => ({
      earliest: (probe.failureThreshold! - 1) * probe.periodSeconds! + probe.timeoutSeconds!,
      latest: probe.failureThreshold! * probe.periodSeconds! + probe.timeoutSeconds!,
    });
    const liveness = window(container.livenessProbe!);
    const readiness = window(container.readinessProbe!);
    const stated = /restarted (\d+) to (\d+) s after it stops answering/.exec(readFileSync('docs/caching.md', 'utf8'));
    expect(stated, 'docs/caching.md states the restart window').not.toBeNull();
    expect([Number(stated![1]), Number(stated![2])]).toEqual([liveness.earliest, liveness.latest]);
    expect(readiness.latest).toBeLessThan(liveness.earliest);
  });

  it('gives the shutdown its time: grace period ≥ preStop + the lame duck + the drain, as the server reads the settings', () => {
    const { shutdownDelaySeconds, shutdownDrainSeconds } = readConfig(settings, NOW);
    const preStop = container.lifecycle?.preStop?.sleep?.seconds ?? 0;
    expect(preStop).toBeGreaterThan(0);
    expect(shutdownDelaySeconds).toBeGreaterThan(0);
    expect(pod.spec!.terminationGracePeriodSeconds).toBeGreaterThanOrEqual(preStop + shutdownDelaySeconds + shutdownDrainSeconds);
  });

  it('requests and limits memory from the measured figures, above the V8 heap cap of the image CMD', () => {
    const { requests, limits } = container.resources!;
    expect(requests?.cpu).toBeDefined();
    expect(limits?.cpu).toBeDefined();
    // At least the resident memory npm run bench measures after 40,000 requests (docs/performance.md).
    expect(mebibytes(requests?.memory)).toBeGreaterThanOrEqual(120);
    const oldSpace = Number(
      imageCommand()
        .find((flag) => flag.startsWith('--max-old-space-size='))!
        .split('=')[1],
    );
    expect(mebibytes(limits?.memory)).toBeGreaterThanOrEqual(2 * oldSpace);
    expect(mebibytes(limits?.memory)).toBeGreaterThan(mebibytes(requests?.memory));
  });

  it('serves http on 3000 and metrics on 9464, each through a ClusterIP Service of its own: no pod is public', () => {
    expect(portNamed('http')).toBe(3000);
    expect(portNamed('metrics')).toBe(9464);
    expect(settings.METRICS_PORT).toBe('9464');
    const exposing = (port: number) => services.filter((service) => service.spec!.ports!.some((p) => containerPortOf(p.targetPort ?? p.port) === port));
    const [siteService, ...otherSite] = exposing(3000);
    expect(otherSite).toEqual([]);
    expect(siteService!.spec!.ports).toHaveLength(1);
    const [metricsService, ...otherMetrics] = exposing(9464);
    expect(otherMetrics).toEqual([]);
    expect(metricsService).not.toBe(siteService);
    // The public entry is the cache or an Ingress in front: never a LoadBalancer or NodePort onto the pods.
    expect(services.map((service) => service.spec!.type)).toEqual(services.map(() => 'ClusterIP'));
  });

  it('takes every setting from the ConfigMap, commits no secret, and refuses to start until the three real values are set', () => {
    expect(container.envFrom).toEqual([
      { configMapRef: { name: configMap.metadata!.name } },
      // The Stripe key and webhook secret from a Secret the operator creates; without it the site runs, its spots not counted.
      { secretRef: { name: 'taller-marca-autoridad-stripe', optional: true } },
      // The mail account, the join link and the personal links' secret from another; without it no mail is sent.
      { secretRef: { name: 'taller-marca-autoridad-mail', optional: true } },
    ]);
    for (const secret of ['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET', 'SMTP_URL', 'MEETING_URL', 'ACCESS_SECRET', 'RECORDING_URL']) {
      expect(settings).not.toHaveProperty(secret);
    }
    expect(readConfig({ NODE_ENV: 'production', ...settings, ...PRODUCTION_SETTINGS }, NOW).fulfilment).toBeNull();
    expect(readConfig({ NODE_ENV: 'production', ...settings, ...PRODUCTION_SETTINGS }, NOW).spots).toBeNull();
    // A key in the Secret without the Payment Link in the ConfigMap is refused at start, said plainly.
    expect(() => readConfig({ NODE_ENV: 'production', ...settings, ...PRODUCTION_SETTINGS, STRIPE_SECRET_KEY: 'rk_live_x' }, NOW)).toThrow(
      /STRIPE_PAYMENT_LINK is not/,
    );
    for (const key of Object.keys(settings)) expect(Object.keys(DEFAULTS), `${key} is not a setting of the server`).toContain(key);
    for (const secret of ofKind<ISecret>('Secret')) expect({ ...secret.data, ...secret.stringData }).toEqual({});
    for (const name of [...PLACEHOLDER_SETTINGS, ...REQUIRED_IN_PRODUCTION]) expect(settings[name]).toBe('');
    // As committed, the image (NODE_ENV=production) refuses the fleet's start, naming each missing value.
    expect(() => readConfig({ NODE_ENV: 'production', ...settings }, NOW)).toThrow(ConfigError);
    expect(() => readConfig({ NODE_ENV: 'production', ...settings }, NOW)).toThrow(/CHECKOUT_URL, CONTACT_EMAIL, PUBLIC_URL/);
    const config = readConfig({ NODE_ENV: 'production', ...settings, ...PRODUCTION_SETTINGS }, NOW);
    expect(config.upgradeInsecureRequests).toBe(true);
  });

  describe('the NetworkPolicy', () => {
    const policy = onlyOne<INetworkPolicy>('NetworkPolicy');
    const { ingress = [], egress = [] } = policy.spec!;
    /** What a rule's peers say, as text to compare: the selectors, or the address block. */
    const peerOf = (peer: INetworkPolicyPeer) => JSON.stringify(peer);
    const EDGE = {
      namespaceSelector: { matchLabels: { 'kubernetes.io/metadata.name': 'taller-edge' } },
      podSelector: { matchLabels: { 'taller-marca-autoridad/edge': 'true' } },
    };
    const MONITORING = {
      namespaceSelector: { matchLabels: { 'kubernetes.io/metadata.name': 'monitoring' } },
      podSelector: { matchLabels: { 'app.kubernetes.io/name': 'prometheus' } },
    };

    it("governs the site's pods, both ways", () => {
      expect(pod.metadata!.labels).toMatchObject(policy.spec!.podSelector!.matchLabels!);
      expect([...(policy.spec!.policyTypes ?? [])].sort()).toEqual(['Egress', 'Ingress']);
    });

    it("lets in the site's port only from the edge, the metrics port only from Prometheus, and nothing else", () => {
      const allowed = ingress.flatMap((rule) =>
        (rule.ports ?? [{}]).map((port) => ({ port: containerPortOf(port.port), from: (rule.from ?? []).map(peerOf) })),
      );
      expect(allowed).toEqual([
        { port: 3000, from: [peerOf(EDGE)] },
        { port: 9464, from: [peerOf(MONITORING)] },
      ]);
      // Every peer names its namespace: a pod label alone can be put on a pod in any namespace.
      for (const peer of ingress.flatMap((rule) => rule.from ?? [])) {
        expect(peer.namespaceSelector?.matchLabels?.['kubernetes.io/metadata.name'], peerOf(peer)).toMatch(/^[a-z0-9-]+$/);
      }
      // The labels an operator must match are the ones docs/operations.md tells them to set.
      const operations = readFileSync('docs/operations.md', 'utf8');
      for (const label of ['taller-marca-autoridad/edge=true', 'taller-edge', 'app.kubernetes.io/name=prometheus', 'monitoring'])
        expect(operations).toContain(label);
    });

    it('lets nothing in from the node: no rule names an address block (a node, the kubelet), and no probe needs one', () => {
      expect(ingress.flatMap((rule) => rule.from ?? []).filter((peer) => peer.ipBlock !== undefined)).toEqual([]);
      expect(ingress.every((rule) => (rule.from ?? []).length > 0)).toBe(true);
      for (const probe of [container.readinessProbe!, container.livenessProbe!]) expect(probe.exec).toBeDefined();
    });

    it("lets out only DNS to the cluster's DNS, and HTTPS and SMTP submission (587, 465) to public addresses alone", () => {
      const allowed = egress.flatMap((rule) => (rule.ports ?? [{}]).map((port) => `${port.protocol ?? 'TCP'}/${port.port}`)).sort();
      expect(allowed).toEqual(['TCP/443', 'TCP/465', 'TCP/53', 'TCP/587', 'UDP/53']);
      const ruleFor = (port: number) => egress.find((rule) => rule.ports?.some((candidate) => candidate.port === port));
      expect(ruleFor(53)!.to).toEqual([
        { namespaceSelector: { matchLabels: { 'kubernetes.io/metadata.name': 'kube-system' } }, podSelector: { matchLabels: { 'k8s-app': 'kube-dns' } } },
      ]);
      // HTTPS (Stripe) and SMTP (the mail relay) to public addresses alone: nothing in the cluster, nothing private.
      for (const port of [443, 587, 465]) {
        const blocks = (ruleFor(port)!.to ?? []).map((peer) => peer.ipBlock);
        expect(
          blocks.map((block) => block?.cidr),
          `port ${port}`,
        ).toEqual(['0.0.0.0/0']);
        for (const internal of ['0.0.0.0/8', '10.0.0.0/8', '100.64.0.0/10', '127.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', '169.254.0.0/16']) {
          expect(
            blocks.flatMap((block) => block?.except ?? []),
            `port ${port}`,
          ).toContain(internal);
        }
      }
    });

    it("lets out no IPv6 address at all: unique-local, link-local, and a cluster's own global ones, which no fixed list can name", () => {
      const cidrs = egress.flatMap((rule) => (rule.to ?? []).flatMap((peer) => (peer.ipBlock ? [peer.ipBlock.cidr] : [])));
      expect(cidrs.length).toBeGreaterThan(0);
      expect(cidrs.filter((cidr) => cidr.includes(':'))).toEqual([]);
      // Every other peer out is a named pod (the cluster's DNS), never an address.
      expect(egress.flatMap((rule) => rule.to ?? []).every((peer) => peer.ipBlock !== undefined || peer.podSelector !== undefined)).toBe(true);
    });
  });
});
