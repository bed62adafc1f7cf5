// deploy/kubernetes/: every object valid against the Kubernetes API schemas (kubernetes-models,
// no cluster needed), and the values that must agree with the code and the image.
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Deployment } from 'kubernetes-models/apps/v1';
import { HorizontalPodAutoscaler } from 'kubernetes-models/autoscaling/v2';
import { NetworkPolicy } from 'kubernetes-models/networking.k8s.io/v1';
import { Service } from 'kubernetes-models/v1';
import { PodDisruptionBudget } from 'kubernetes-models/policy/v1';
import { parseAllDocuments } from 'yaml';
import { describe, expect, it } from 'vitest';
import { EnvSchema } from '../../../src/lib/config/env-schema.ts';
import { CATALOG_POLICY, FREE_CEILING } from '../../../src/lib/rate-limit/headers.ts';
import { HEALTH_PATH } from '../../../src/lib/schemas/health.ts';
import { readRuntimeStage } from '../../helpers/dockerfile.ts';
import { TARGETS } from '../../../scripts/bench/classes.ts';

const DIR = fileURLToPath(new URL('../../../deploy/kubernetes/', import.meta.url));

/** The model that validates each kind the manifests may hold. */
const MODELS = {
  'apps/v1 Deployment': Deployment,
  'v1 Service': Service,
  'policy/v1 PodDisruptionBudget': PodDisruptionBudget,
  'autoscaling/v2 HorizontalPodAutoscaler': HorizontalPodAutoscaler,
  'networking.k8s.io/v1 NetworkPolicy': NetworkPolicy,
} as const;
type Kind = keyof typeof MODELS;

/** Every YAML document of deploy/kubernetes/, with the file it came from. */
const documents = readdirSync(DIR)
  .filter((name) => name.endsWith('.yaml'))
  .flatMap((file) =>
    parseAllDocuments(readFileSync(`${DIR}${file}`, 'utf8')).map((doc) => {
      if (doc.errors.length > 0) throw new Error(`${file}: ${doc.errors.map(String).join('; ')}`);
      const object = doc.toJS() as { apiVersion: string; kind: string };
      return { file, kind: `${object.apiVersion} ${object.kind}`, object };
    }),
  );

/** Validates `object` as `kind`; throws with the schema's complaint. */
function validate(kind: string, object: unknown): void {
  const Model = MODELS[kind as Kind];
  if (Model === undefined) throw new Error(`no schema known for ${kind}`);
  new Model(object as never).validate();
}

/** The site's objects; the optional rate-limit store's carry the name below. */
const SITE = 'biomarker-catalog';
const STORE = 'biomarker-catalog-rate-limit-store';

/** The one object of `kind` named `name` (the site's by default), typed by its model. */
function only<K extends Kind>(kind: K, name = SITE): InstanceType<(typeof MODELS)[K]> {
  const found = documents.filter(
    (doc) => doc.kind === kind && (doc.object as { metadata?: { name?: string } }).metadata?.name === name,
  );
  expect(found, `${kind} ${name}`).toHaveLength(1);
  return new MODELS[kind](found[0]!.object as never) as InstanceType<(typeof MODELS)[K]>;
}

const deployment = only('apps/v1 Deployment');
const pod = deployment.spec!.template.spec!;
const site = pod.containers[0]!;
const image = readRuntimeStage();
const defaults = EnvSchema.parse({});
const envOf = (name: string) => site.env?.find((variable) => variable.name === name)?.value;

describe('deploy/kubernetes/', () => {
  it('holds a Deployment, a Service, a PodDisruptionBudget, a HorizontalPodAutoscaler and a NetworkPolicy, each valid', () => {
    const ofSite = documents.filter((doc) => !doc.file.startsWith('rate-limit-store'));
    expect(ofSite.map(({ kind }) => kind).sort()).toEqual(Object.keys(MODELS).sort());
    for (const { file, kind, object } of documents) expect(() => validate(kind, object), file).not.toThrow();
  });

  it('fails validation for a manifest with a wrong field (the schemas are really checked)', () => {
    const broken = structuredClone(deployment.toJSON()) as { spec: { replicas: unknown } };
    broken.spec.replicas = 'three';
    expect(() => validate('apps/v1 Deployment', broken)).toThrow(/replicas/);
  });

  it('sends traffic to the port the service listens on, the one the image exposes', () => {
    const http = site.ports?.find((port) => port.name === 'http');
    expect(http?.containerPort).toBe(defaults.PORT);
    expect(Number(image.env['PORT'])).toBe(defaults.PORT);
    expect(image.expose).toEqual([defaults.PORT]);
    expect(site.ports?.find((port) => port.name === 'metrics')?.containerPort).toBe(defaults.METRICS_PORT);
    expect(only('v1 Service').spec?.ports?.[0]?.targetPort).toBe('http');
  });

  it('probes /healthz on that port, at most 60 times a minute from the node, a tenth of the free ceiling', () => {
    const probes = [site.readinessProbe, site.livenessProbe, site.startupProbe].filter((probe) => probe !== undefined);
    expect(probes.length).toBeGreaterThanOrEqual(2);
    for (const probe of probes) expect(probe.httpGet).toMatchObject({ path: HEALTH_PATH, port: 'http' });
    const perMinute = probes.reduce((sum, probe) => sum + 60 / (probe.periodSeconds ?? 10), 0);
    expect(perMinute).toBeLessThanOrEqual((CATALOG_POLICY.limit * 60) / CATALOG_POLICY.windowSeconds);
    expect(perMinute * 10).toBeLessThanOrEqual((FREE_CEILING.limit * 60) / FREE_CEILING.windowSeconds);
  });

  it('gives a stopping pod longer than its preStop sleep plus SHUTDOWN_TIMEOUT_S before SIGKILL', () => {
    const shutdownTimeoutS = Number(envOf('SHUTDOWN_TIMEOUT_S') ?? defaults.SHUTDOWN_TIMEOUT_S);
    const preStopS = Number(site.lifecycle?.preStop?.sleep?.seconds ?? 0);
    expect(pod.terminationGracePeriodSeconds).toBeGreaterThan(preStopS + shutdownTimeoutS);
  });

  it('delays the shutdown for endpoint removal once: with SHUTDOWN_DELAY_S or a preStop sleep, never both', () => {
    const delayS = Number(envOf('SHUTDOWN_DELAY_S') ?? defaults.SHUTDOWN_DELAY_S);
    const preStopS = Number(site.lifecycle?.preStop?.sleep?.seconds ?? 0);
    expect([delayS, preStopS].filter((seconds) => seconds > 0)).toHaveLength(1);
  });

  it("sets only the service's own variables (the config schema's names) and the image's memory settings", () => {
    const names = (site.env ?? []).map(({ name }) => name);
    const known = new Set([
      ...Object.keys(EnvSchema.shape),
      'NODE_OPTIONS',
      'MALLOC_ARENA_MAX',
      'MALLOC_MMAP_THRESHOLD_',
    ]);
    expect(names.filter((name) => !known.has(name))).toEqual([]);
    const values = site.env!.filter(({ value }) => value !== undefined).map(({ name, value }) => [name, value]);
    expect(EnvSchema.safeParse(Object.fromEntries(values)).success).toBe(true);
  });

  it("runs the image's start command with its heap limit, inside a memory limit the bench checks RSS against", () => {
    expect(site.command).toBeUndefined();
    expect(site.args).toBeUndefined();
    expect(envOf('NODE_OPTIONS')).toBe(image.env['NODE_OPTIONS']);
    expect(image.env['NODE_OPTIONS']).toMatch(/--max-old-space-size=\d+/);
    expect(envOf('MALLOC_ARENA_MAX')).toBe(image.env['MALLOC_ARENA_MAX']);
    expect(image.env['MALLOC_ARENA_MAX']).toMatch(/^\d+$/);
    expect(envOf('MALLOC_MMAP_THRESHOLD_')).toBe(image.env['MALLOC_MMAP_THRESHOLD_']);
    expect(image.env['MALLOC_MMAP_THRESHOLD_']).toMatch(/^\d+$/);
    const mib = (quantity: unknown) => Number(/^(\d+)Mi$/.exec(String(quantity))?.[1]);
    expect(mib(site.resources?.limits?.['memory'])).toBeGreaterThanOrEqual(TARGETS.heapLimitedRssMb);
    expect(mib(site.resources?.requests?.['memory'])).toBeLessThanOrEqual(mib(site.resources?.limits?.['memory']));
    expect(site.resources?.requests?.['cpu']).toBeDefined();
  });

  it("runs as the image's non-root user, on a read-only root, writing only to /tmp", () => {
    expect(pod.securityContext).toMatchObject({ runAsNonRoot: true });
    expect(`${pod.securityContext?.runAsUser}:${pod.securityContext?.runAsGroup}`).toBe(image.user);
    expect(site.securityContext).toMatchObject({ readOnlyRootFilesystem: true, allowPrivilegeEscalation: false });
    expect(site.volumeMounts?.map(({ mountPath }) => mountPath)).toEqual(['/tmp']);
  });

  it('selects the same pods in the Service and the PodDisruptionBudget, and scales the Deployment on CPU', () => {
    const labels = deployment.spec!.template.metadata!.labels;
    expect(deployment.spec!.selector.matchLabels).toEqual(labels);
    expect(only('v1 Service').spec?.selector).toEqual(labels);
    expect(only('policy/v1 PodDisruptionBudget').spec?.selector?.matchLabels).toEqual(labels);
    const autoscaler = only('autoscaling/v2 HorizontalPodAutoscaler').spec!;
    expect(autoscaler.scaleTargetRef).toMatchObject({ kind: 'Deployment', name: deployment.metadata?.name });
    expect(autoscaler.metrics?.map((metric) => metric.resource?.name)).toEqual(['cpu']);
    expect(autoscaler.minReplicas).toBeGreaterThanOrEqual(2);
  });

  it('admits the site port from the ingress namespace and the metrics port from the monitoring one, nothing else', () => {
    const policy = only('networking.k8s.io/v1 NetworkPolicy').spec!;
    expect(policy.podSelector?.matchLabels).toEqual(deployment.spec!.template.metadata!.labels);
    expect(policy.policyTypes).toContain('Ingress');
    /** A port of the policy as the container's number: named ports resolve against the Deployment's. */
    const containerPort = (port: number | string | undefined) =>
      typeof port === 'number' ? port : site.ports?.find(({ name }) => name === port)?.containerPort;
    const rules = (policy.ingress ?? []).map((rule) => ({
      // A rule without `from` (or with a `from` matching all) would admit every pod of the cluster.
      namespaces: (rule.from ?? []).map((peer) => {
        expect(peer.podSelector ?? peer.ipBlock).toBeUndefined();
        return peer.namespaceSelector?.matchLabels?.['kubernetes.io/metadata.name'];
      }),
      ports: (rule.ports ?? []).map(({ port }) => containerPort(port)),
    }));
    expect(rules).toEqual([
      { namespaces: [expect.any(String)], ports: [defaults.PORT] },
      { namespaces: [expect.any(String)], ports: [defaults.METRICS_PORT] },
    ]);
    expect(rules[0]!.namespaces[0]).not.toBe(rules[1]!.namespaces[0]);
  });

  it("reads the store's URL from an optional Secret, so the site runs with or without the store", () => {
    const url = site.env?.find(({ name }) => name === 'RATE_LIMIT_STORE_URL');
    expect(url?.value).toBeUndefined();
    expect(url?.valueFrom?.secretKeyRef).toEqual({ name: STORE, key: 'url', optional: true });
  });

  it('runs the store in memory only, with maxmemory below its memory limit and an eviction policy', () => {
    const store = only('apps/v1 Deployment', STORE).spec!;
    expect(store.replicas).toBe(1);
    const valkey = store.template.spec!.containers[0]!;
    const args = valkey.args ?? [];
    const arg = (flag: string) => args[args.indexOf(flag) + 1];
    expect(arg('--save')).toBe('');
    expect(arg('--appendonly')).toBe('no');
    expect(['volatile-ttl', 'allkeys-lru']).toContain(arg('--maxmemory-policy'));
    const maxmemoryMb = Number(/^(\d+)mb$/.exec(arg('--maxmemory') ?? '')?.[1]);
    const limitMi = Number(/^(\d+)Mi$/.exec(String(valkey.resources?.limits?.['memory']))?.[1]);
    expect(maxmemoryMb).toBeGreaterThan(0);
    expect(maxmemoryMb * 1e6).toBeLessThanOrEqual(limitMi * 2 ** 20 * 0.8);
    expect(store.template.spec!.securityContext).toMatchObject({ runAsNonRoot: true });
    expect(valkey.securityContext).toMatchObject({ readOnlyRootFilesystem: true, allowPrivilegeEscalation: false });
    expect(only('v1 Service', STORE).spec?.selector).toEqual(store.template.metadata!.labels);
  });

  it('lets only the site reach the store, and leaves the site its egress to it', () => {
    expect(only('networking.k8s.io/v1 NetworkPolicy').spec!.policyTypes).not.toContain('Egress');
    const policy = only('networking.k8s.io/v1 NetworkPolicy', STORE).spec!;
    expect(policy.podSelector?.matchLabels).toEqual({ 'app.kubernetes.io/name': STORE });
    expect(policy.ingress?.map((rule) => rule.from?.map((peer) => peer.podSelector?.matchLabels))).toEqual([
      [deployment.spec!.template.metadata!.labels],
    ]);
    expect(policy.ingress?.[0]?.ports?.map(({ port }) => port)).toEqual(['store']);
  });
});
