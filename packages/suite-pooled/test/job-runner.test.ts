import {
  createPool,
  engineNamed,
  createSchema,
  readPartitions,
  resetTarget,
  seedSource,
  verifyCheckpoints,
  verifyTarget,
  type MeteredPool,
  type StartedServer,
} from '@dbbench/databases';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { JobFailedError, resumeJob, runJob, wrapChunkWrites, type JobWriter } from '../src/job/job-runner.js';
import { jobWriter, WRITER_NAMES } from '../src/job/job-writers.js';
import { ENGINES, startTestServer } from './support/test-servers.js';

const SOURCE_ROWS = 1000;
const CHUNK_SIZE = 100;

/** Writes normally until the given chunk of partition 0, then fails like a lost connection would. */
function failingAtChunk(writer: JobWriter, failingChunk: number): JobWriter {
  let chunksOfPartitionZero = 0;
  return wrapChunkWrites(writer, async (chunk, write) => {
    if (chunk.partitionNo === 0) {
      chunksOfPartitionZero += 1;
      if (chunksOfPartitionZero === failingChunk) throw new Error('simulated crash while writing a chunk');
    }
    await write(chunk);
  });
}

for (const engine of ENGINES) {
  describe(`job runner on ${engine}`, () => {
    let server: StartedServer;
    let pool: MeteredPool;

    beforeAll(async () => {
      server = await startTestServer(engine);
      pool = await createPool(server.connection, { size: 3 });
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

    describe.each(WRITER_NAMES)('with the %s writer', (writerName) => {
      const writer = (): JobWriter => jobWriter(engineNamed(engine), writerName);

      it('moves every row with checkpoints at range ends, partitions queueing on a smaller pool', async () => {
        const result = await runJob(pool, { partitions: 4, chunkSize: CHUNK_SIZE, writer: writer() });
        expect(result.rowsWritten).toBe(SOURCE_ROWS);
        expect(result.ranges).toHaveLength(4);
        const target = await verifyTarget(pool);
        expect(target.ok, target.message).toBe(true);
        const checkpoints = await verifyCheckpoints(pool, result.jobId, result.ranges);
        expect(checkpoints.ok, checkpoints.message).toBe(true);
      });

      it('resumes a failed partition after its checkpoint without writing a row twice', async () => {
        const failure: unknown = await runJob(pool, {
          partitions: 2,
          chunkSize: CHUNK_SIZE,
          writer: failingAtChunk(writer(), 3),
        }).catch((error: unknown) => error);
        expect(failure).toBeInstanceOf(JobFailedError);
        expect((failure as Error).message).toContain('simulated crash');
        const { jobId } = failure as JobFailedError;

        const partitions = await readPartitions(pool.db, jobId);
        const crashed = partitions.find((partition) => partition.partitionNo === 0);
        // Two chunks committed before the crash: the checkpoint is the 200th key of the range.
        expect(crashed?.checkpointId).toBe((crashed?.rangeStart ?? 0) + 2 * CHUNK_SIZE - 1);
        expect(crashed?.status).not.toBe('COMPLETED');

        const resumed = await resumeJob(pool, jobId, { chunkSize: CHUNK_SIZE, writer: writer() });
        // Only the crashed partition's remaining rows are written again.
        const crashedRangeRows = (crashed?.rangeEnd ?? 0) - (crashed?.rangeStart ?? 0) + 1;
        expect(resumed.rowsWritten).toBe(crashedRangeRows - 2 * CHUNK_SIZE);
        const target = await verifyTarget(pool);
        expect(target.ok, target.message).toBe(true);
        const checkpoints = await verifyCheckpoints(pool, resumed.jobId, resumed.ranges);
        expect(checkpoints.ok, checkpoints.message).toBe(true);
      });

      it('fails verification when a writer silently drops a chunk', async () => {
        let chunks = 0;
        const droppingWriter = wrapChunkWrites(writer(), async (chunk, write) => {
          chunks += 1;
          if (chunks === 2) return;
          await write(chunk);
        });
        await runJob(pool, { partitions: 2, chunkSize: CHUNK_SIZE, writer: droppingWriter });
        const target = await verifyTarget(pool);
        expect(target.ok).toBe(false);
        expect(target.actualRows).toBe(SOURCE_ROWS - CHUNK_SIZE);
      });
    });
  });
}
