import { Writable } from 'node:stream';

/** Writes one chunk of rows to the server; resolves when the server has them. */
export type FlushChunk<Row> = (rows: Row[]) => Promise<void>;

/** Options of a {@link ChunkWriter}. */
export interface ChunkWriterOptions<Row> {
  /** Rows per flush; the last chunk may be shorter. */
  readonly chunkSize: number;
  readonly flush: FlushChunk<Row>;
  /** Rows Node may queue in front of this writer before upstream must pause (object-mode highWaterMark). */
  readonly highWaterMark?: number;
}

/**
 * An object-mode Writable that collects rows into chunks and flushes each chunk before accepting the
 * next row. Because the write callback waits for the flush, a slow server slows the whole pipeline
 * down instead of letting rows pile up here: this is where backpressure starts.
 *
 * @example
 * ```ts
 * await pipeline(rows, new ChunkWriter({ chunkSize: 500, flush: (chunk) => insert(chunk) }));
 * ```
 */
export class ChunkWriter<Row> extends Writable {
  readonly #chunkSize: number;
  readonly #flush: FlushChunk<Row>;
  #pending: Row[] = [];
  #inFlight: Promise<void> = Promise.resolve();

  constructor(options: ChunkWriterOptions<Row>) {
    super({ objectMode: true, highWaterMark: options.highWaterMark ?? 16 });
    if (!Number.isInteger(options.chunkSize) || options.chunkSize < 1) {
      throw new RangeError(`chunkSize must be a positive integer, got ${options.chunkSize}`);
    }
    this.#chunkSize = options.chunkSize;
    this.#flush = options.flush;
  }

  override _write(row: Row, _encoding: BufferEncoding, callback: (error?: Error | null) => void): void {
    this.#pending.push(row);
    if (this.#pending.length < this.#chunkSize) {
      callback();
      return;
    }
    this.#flushPending(callback);
  }

  override _final(callback: (error?: Error | null) => void): void {
    if (this.#pending.length === 0) {
      callback();
      return;
    }
    this.#flushPending(callback);
  }

  /**
   * Resolves when no flush is running. A pipeline that fails or is aborted rejects at once, while a
   * flush may still hold a connection: await this before handing the connection back or returning.
   */
  idle(): Promise<void> {
    return this.#inFlight;
  }

  #flushPending(callback: (error?: Error | null) => void): void {
    const chunk = this.#pending;
    this.#pending = [];
    const flushing = this.#flush(chunk);
    this.#inFlight = flushing.catch(() => undefined);
    flushing.then(
      () => callback(),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
    );
  }
}
