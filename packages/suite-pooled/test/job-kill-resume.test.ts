/**
 * A job process killed with SIGKILL in the middle of its chunks, for every writer on every engine:
 * the server rolls back whatever chunk was in flight, and resuming from the checkpoints completes the
 * target with no row missing and none written twice (the target's primary key would refuse a second
 * copy; the checksum proves none is missing).
 */
import { fork } from 'node:child_process';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import {
  createPool,
  createSchema,
  engineNamed,
  readPartitions,
  resetTarget,
  seedSource,
  verifyCheckpoints,
  verifyTarget,
  type MeteredPool,
  type StartedServer,
} from '@dbbench/databases';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { resumeJob } from '../src/job/job-runner.js';
import { jobWriter, WRITER_NAMES, type WriterName } from '../src/job/job-writers.js';
import { ENGINES, startTestServer } from './support/test-servers.js';

const SOURCE_ROWS = 1000;
const CHUNK_SIZE = 50;
const PARTITIONS = 2;
/** Chunks the child commits (and reports) before the parent kills it. */
const CHUNKS_BEFORE_KILL = 3;
const KILLABLE_JOB = fileURLToPath(new URL('fixtures/killable-job.js', import.meta.url));

/** Forks the job, SIGKILLs it once it reported `CHUNKS_BEFORE_KILL` chunks; resolves after it exited. */
function runAndKill(server: StartedServer, writer: WriterName): Promise<{ finishedFirst: boolean }> {
  const argument = JSON.stringify({
    connection: server.connection,
    writer,
    chunkSize: CHUNK_SIZE,
    partitions: PARTITIONS,
    pauseAfterChunkMs: 10,
  });
  const child = fork(KILLABLE_JOB, [argument], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  let finishedFirst = false;
  child.on('message', (message: { chunks?: number; done?: boolean }) => {
    if (message.done === true) finishedFirst = true;
    if ((message.chunks ?? 0) >= CHUNKS_BEFORE_KILL) child.kill('SIGKILL');
  });
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('exit', (_code, signal) =>
      signal === 'SIGKILL' ? resolve({ finishedFirst }) : reject(new Error(`job process exited by itself`)),
    );
  });
}

for (const engine of ENGINES) {
  describe(`a killed job on ${engine}`, () => {
    let server: StartedServer;
    let pool: MeteredPool;

    beforeAll(async () => {
      server = await startTestServer(engine);
      pool = await createPool(server.connection, { size: PARTITIONS });
      await createSchema(pool);
      await seedSource(pool, SOURCE_ROWS);
    });

    afterAll(async () => {
      await pool?.close();
      await server?.stop();
    });

    beforeEach(async () => {
      await resetTarget(pool);
    });

    it.each(WRITER_NAMES)(
      'resumes with the %s writer to a complete target, no duplicate, no gap',
      async (writer) => {
        const { finishedFirst } = await runAndKill(server, writer);
        expect(finishedFirst).toBe(false);
        // Let the server finish the killed sessions' last statement (a COMMIT already sent, or the rollback).
        await sleep(200);

        const job = await pool.db
          .selectFrom('job_execution')
          .select((eb) => eb.fn.max('id').as('id'))
          .executeTakeFirstOrThrow();
        const jobId = Number(job.id);
        const before = await readPartitions(pool.db, jobId);
        // Killed mid-job: some partition had work left, and committed checkpoints name only committed rows.
        expect(before.some((partition) => partition.status !== 'COMPLETED')).toBe(true);
        const committed = await pool.db
          .selectFrom('target')
          .select((eb) => eb.fn.countAll().as('rows'))
          .executeTakeFirstOrThrow();
        expect(Number(committed.rows)).toBe(
          before.reduce((sum, partition) => sum + partition.rowsWritten, 0),
        );

        const resumed = await resumeJob(pool, jobId, {
          chunkSize: CHUNK_SIZE,
          writer: jobWriter(engineNamed(engine), writer),
        });
        expect(resumed.rowsWritten).toBe(SOURCE_ROWS - Number(committed.rows));
        const target = await verifyTarget(pool);
        expect(target.ok, target.message).toBe(true);
        const checkpoints = await verifyCheckpoints(pool, jobId, resumed.ranges);
        expect(checkpoints.ok, checkpoints.message).toBe(true);
      },
    );
  });
}
