/**
 * Counters one partition's stream keeps while it runs: rows read from the server, rows written to the
 * target, and the largest gap between the two. The gap is the backpressure evidence: a stream that
 * respects backpressure keeps it near a few chunks; one that does not lets it grow towards dataSize.
 */
export class StreamCounters {
  /** Rows handed over by the driver (pulled from the server into this process). */
  rowsRead = 0;
  /** Rows whose chunk the writer has flushed to the server. */
  rowsWritten = 0;
  /** Chunks the writer has flushed. */
  chunksWritten = 0;
  /** Largest `rowsRead - rowsWritten` seen: rows held in this process at once, in any buffer. */
  maxReadAheadRows = 0;
  /** `performance.now()` when the first row arrived, if one did. */
  firstRowAtMs: number | undefined;

  /** Called by a reader when the driver hands over `rows` more rows. */
  noteRead(rows: number): void {
    if (rows <= 0) return;
    this.firstRowAtMs ??= performance.now();
    this.rowsRead += rows;
    this.maxReadAheadRows = Math.max(this.maxReadAheadRows, this.rowsRead - this.rowsWritten);
  }

  /** Called by a writer after a chunk of `rows` rows reached the server. */
  noteWritten(rows: number): void {
    this.rowsWritten += rows;
    this.chunksWritten += 1;
  }
}
