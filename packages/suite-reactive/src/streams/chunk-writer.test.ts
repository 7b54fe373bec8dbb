import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { ChunkWriter } from './chunk-writer.js';

describe('ChunkWriter', () => {
  it('flushes full chunks and the short remainder, in order', async () => {
    const chunks: number[][] = [];
    await pipeline(
      Readable.from(Array.from({ length: 12 }, (_, index) => index)),
      new ChunkWriter<number>({
        chunkSize: 5,
        flush: (rows) => {
          chunks.push(rows);
          return Promise.resolve();
        },
      }),
    );
    expect(chunks).toEqual([
      [0, 1, 2, 3, 4],
      [5, 6, 7, 8, 9],
      [10, 11],
    ]);
  });

  it('holds the producer back while a flush is in progress', async () => {
    let produced = 0;
    let flushed = 0;
    let maxAhead = 0;
    function* rows(): Generator<number> {
      for (let index = 0; index < 2000; index += 1) {
        produced += 1;
        maxAhead = Math.max(maxAhead, produced - flushed);
        yield index;
      }
    }
    await pipeline(
      Readable.from(rows(), { highWaterMark: 8 }),
      new ChunkWriter<number>({
        chunkSize: 50,
        highWaterMark: 8,
        flush: async (chunk) => {
          await sleep(1);
          flushed += chunk.length;
        },
      }),
    );
    expect(flushed).toBe(2000);
    // One chunk being flushed, plus the writer's and the readable's queues: nowhere near 2000.
    expect(maxAhead).toBeLessThanOrEqual(50 + 8 + 8 + 2);
  });

  it('fails the pipeline when a flush fails', async () => {
    const writer = new ChunkWriter<number>({
      chunkSize: 2,
      flush: () => Promise.reject(new Error('server said no')),
    });
    await expect(pipeline(Readable.from([1, 2, 3]), writer)).rejects.toThrow('server said no');
  });

  it('rejects a chunk size that is not a positive integer', () => {
    expect(() => new ChunkWriter<number>({ chunkSize: 0, flush: () => Promise.resolve() })).toThrow(
      RangeError,
    );
  });
});
