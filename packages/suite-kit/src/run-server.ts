/**
 * A suite's parent-side run setup: obtain the server once, sized for the run that is about to
 * happen, and hand back plain data for the forks and the report plus a way to stop it.
 */
import {
  cpuLimitRefusal,
  createWorkDatabase,
  engineNamed,
  startServer,
  type ConnectionInfo,
  type CpuQuota,
  type WorkDatabase,
  type EngineName,
  type ProviderName,
  type StartedServerHandle,
} from '@dbbench/databases';
import { usageError, type Json, type ParamSet, type RunPlan, type RunSetup } from '@dbbench/harness';
import { CPUS_AXIS, cpusOf, hasCpusAxis, limitsCpus } from './cpus-axis.js';
import { withHarnessErrors } from './harness-errors.js';
import { toRunContext, toRunDatabaseInfo, type RunContext } from './run-context.js';
import { parseProviderOption, parseReuseOption } from './server-options.js';

/**
 * Connections the server must accept beyond the pools the run opens at once: verification and
 * setup connections, and headroom.
 */
export const CONNECTION_HEADROOM = 20;

/** The pool size a suite's benchmarks use where `poolSize` is not one of their axes. */
export const DEFAULT_FIXED_POOL_SIZE = 10;

/**
 * Connections a run needs: its largest pool — the largest `poolSize` any planned combination asks
 * for, or the pool size benchmarks without that axis fix — times the forks that hold pools at once,
 * plus {@link CONNECTION_HEADROOM}.
 */
export function connectionsNeeded(plan: RunPlan, fixedPoolSize: number = DEFAULT_FIXED_POOL_SIZE): number {
  return largestPool(plan, fixedPoolSize) * Math.max(1, plan.concurrentForks) + CONNECTION_HEADROOM;
}

/** The largest pool any planned combination opens. */
function largestPool(plan: RunPlan, fixedPoolSize: number): number {
  const poolSizes = plan.combinations.flatMap((combination) => {
    const value = combination.params['poolSize'];
    return value === undefined ? [fixedPoolSize] : [Number(value)];
  });
  return Math.max(fixedPoolSize, ...poolSizes.filter(Number.isFinite));
}

/**
 * How many forks may hold their pools on a server that allows `maxConnections` (its
 * `max_connections`, with room for dbbench's own connections), at most the plan's
 * `concurrentForks`, at least 1.
 */
export function roundForksAllowed(
  plan: RunPlan,
  maxConnections: number,
  fixedPoolSize: number = DEFAULT_FIXED_POOL_SIZE,
): number {
  const fit = Math.floor((maxConnections - CONNECTION_HEADROOM) / largestPool(plan, fixedPoolSize));
  return Math.max(1, Math.min(plan.concurrentForks, Number.isFinite(fit) ? fit : plan.concurrentForks));
}

/** Which suite starts the run, on which engine. */
export interface RunServerRequest {
  readonly engine: EngineName;
  /** Suite name, used in the `dbbench_<suite>_<random>` database name. */
  readonly suite: string;
  /** Pool size of the benchmarks that have no `poolSize` axis; default {@link DEFAULT_FIXED_POOL_SIZE}. */
  readonly fixedPoolSize?: number;
}

/**
 * Starts the run's server from the suite's option values (`provider`, `url`, `image`, `reuse`; absent ones
 * take their defaults) with room for the plan's largest pool: a server dbbench starts itself gets
 * that max_connections, a named server that allows fewer fails here, before anything is measured.
 * Bad values and servers that cannot be obtained are `DbbenchError`s saying what to fix.
 */
export function startRunServer(
  request: RunServerRequest,
  options: Readonly<Record<string, string | undefined>>,
  log: (message: string) => void,
  plan: RunPlan,
): Promise<RunSetup<RunContext>> {
  return withHarnessErrors(async () => {
    const { url, image } = options;
    const provider = parseProviderOption(request.engine, options['provider']);
    const limitCpus = plan.combinations.some((combination) => limitsCpus(combination.params));
    // checkRunServer refused this when the user chose the quotas; from the defaults they are skipped.
    const refusal = cpuQuotaRefusal(request.engine, options, plan);
    // A server dbbench starts is sized for the forks of an interleaved round; a named one must
    // take one fork's pool, and the rounds hold as many forks as its max_connections allows.
    const named = knownProvider(request.engine, provider, url) === 'url';
    const server = await startServer(request.engine, {
      suite: request.suite,
      provider,
      ...(url === undefined ? {} : { url }),
      ...(image === undefined ? {} : { image }),
      reuse: parseReuseOption(options['reuse']),
      minConnections: connectionsNeeded(
        named ? { ...plan, concurrentForks: 1 } : plan,
        request.fixedPoolSize,
      ),
      limitCpus: limitCpus && refusal === undefined,
      log,
    });
    const cpus = limitCpus ? serverCpus(server) : undefined;
    if (cpus !== undefined && 'unavailable' in cpus && plan.chosenAxes.includes(CPUS_AXIS)) {
      await server.stop();
      throw usageError(`-p cpus: ${cpus.unavailable}`);
    }
    const roundForks = roundForksAllowed(
      plan,
      Number(server.info.settings['max_connections'] ?? Number.POSITIVE_INFINITY),
      request.fixedPoolSize,
    );
    if (roundForks < plan.concurrentForks) {
      log(
        `# ${server.info.redactedUrl} allows max_connections=${server.info.settings['max_connections']}: ` +
          `${roundForks === 1 ? 'forks run one at a time' : `at most ${roundForks} forks take turns`} instead of ` +
          `${plan.concurrentForks} (answers need more forks to settle); ${connectionsNeeded(plan, request.fixedPoolSize)} lets them interleave`,
      );
    }
    const slots = new SlotDatabases(request.engine, request.suite, server);
    return {
      context: toRunContext(server.connection),
      slotContext: async (slot) => toRunContext(await slots.open(slot)),
      roundForks,
      info: { database: toRunDatabaseInfo(server.info) },
      description: `${server.info.product} (${server.info.provider})`,
      ...(cpus === undefined
        ? {}
        : 'unavailable' in cpus
          ? {
              cannotMeasure: (params: ParamSet) =>
                limitsCpus(params) ? `the cpus axis: ${cpus.unavailable}` : undefined,
            }
          : { beforeFork: (params: ParamSet) => withHarnessErrors(() => cpus.beforeFork(params)) }),
      dispose: () =>
        withHarnessErrors(async () => {
          try {
            await slots.dropAll();
          } finally {
            await server.stop();
          }
        }),
    };
  });
}

/**
 * Refuses, before the measurement lock and before anything starts, a CPU quota the user asked for
 * (`-p cpus=…`) on a server that cannot have one (url, embedded): one line naming the providers that can.
 */
export function checkRunServer(
  engine: EngineName,
  options: Readonly<Record<string, string | undefined>>,
  plan: RunPlan,
): void {
  if (!plan.chosenAxes.includes(CPUS_AXIS)) return;
  const refusal = cpuQuotaRefusal(engine, options, plan);
  if (refusal !== undefined) throw usageError(`-p cpus: ${refusal}`);
}

/** Why the planned CPU quotas cannot be set on the server these options name; undefined when they can (or none is planned). */
function cpuQuotaRefusal(
  engine: EngineName,
  options: Readonly<Record<string, string | undefined>>,
  plan: RunPlan,
): string | undefined {
  if (!plan.combinations.some((combination) => limitsCpus(combination.params))) return undefined;
  const provider = parseProviderOption(engine, options['provider']);
  return cpuLimitRefusal(knownProvider(engine, provider, options['url']));
}

/**
 * The provider a run will use when that is known before starting it: the named one, or url when
 * `auto` finds a URL; auto otherwise tries testcontainers then local, which both limit CPUs.
 */
function knownProvider(
  engine: EngineName,
  provider: ProviderName | 'auto',
  url: string | undefined,
): ProviderName {
  if (provider !== 'auto') return provider;
  const named = url ?? process.env[engineNamed(engine).url.variable];
  return named !== undefined && named !== '' ? 'url' : 'local';
}

/** Applies each fork's `cpus` (none where it has no such axis) to a server started with `limitCpus`. */
function serverCpus(
  server: StartedServerHandle,
):
  | { readonly unavailable: string }
  | { beforeFork(params: ParamSet): Promise<{ [key: string]: Json } | undefined> } {
  const limit = server.cpuLimit;
  if (limit === undefined) {
    return {
      unavailable:
        cpuLimitRefusal(server.info.provider) ??
        `the ${server.info.provider} server was started without a cgroup`,
    };
  }
  if ('unavailable' in limit) return limit;
  // The quota in force now: a fork without the axis runs with none, so one left by the last fork is lifted.
  let inForce: number | undefined;
  return {
    async beforeFork(params) {
      const asked = cpusOf(params);
      if (asked === undefined && inForce === undefined && !hasCpusAxis(params)) return undefined;
      const quota: CpuQuota = await limit.apply(asked);
      inForce = asked;
      // Recorded only where the axis is: it is that combination's fact.
      return hasCpusAxis(params) ? { serverCpus: { ...quota } } : undefined;
    },
  };
}

/**
 * The databases of the slots of an interleaved round (see `RunSetup.slotContext`): forks alive
 * together each write their own tables, so each slot past the first gets a work database of its own
 * on the run's server, created on first use and dropped when the run ends.
 */
class SlotDatabases {
  readonly #engine: EngineName;
  readonly #suite: string;
  readonly #server: StartedServerHandle;
  readonly #opened: WorkDatabase[] = [];
  readonly #bySlot = new Map<number, Promise<ConnectionInfo>>();

  constructor(engine: EngineName, suite: string, server: StartedServerHandle) {
    this.#engine = engine;
    this.#suite = suite;
    this.#server = server;
  }

  /** The connection of `slot`'s database, created on the first call for it. */
  open(slot: number): Promise<ConnectionInfo> {
    let connection = this.#bySlot.get(slot);
    if (connection === undefined) {
      connection = this.#create(slot);
      this.#bySlot.set(slot, connection);
    }
    return connection;
  }

  async #create(slot: number): Promise<ConnectionInfo> {
    const where = this.#server.info.redactedUrl;
    const database = await createWorkDatabase(
      engineNamed(this.#engine),
      this.#server.connection,
      { suite: `${this.#suite}_slot${slot}` },
      where,
      `The run's own database there was created; check that its user may still create databases.`,
    );
    this.#opened.push(database);
    return database.connection;
  }

  async dropAll(): Promise<void> {
    this.#bySlot.clear();
    const opened = this.#opened.splice(0);
    const results = await Promise.allSettled(opened.map((database) => database.drop()));
    const failed = results.find((result) => result.status === 'rejected');
    if (failed !== undefined) throw failed.reason;
  }
}
