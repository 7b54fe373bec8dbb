import { Transform, type TransformCallback } from 'node:stream';
import type { SourceRow, TargetRow } from '@dbbench/databases';
import { toSourceRow } from './source-row.js';

/** Derives one target row from one source row (the job's business logic). */
export type RowTransform = (row: SourceRow) => TargetRow;

/**
 * The middle of the job's pipeline: raw driver rows in, target rows out, one for one. An exception in
 * the transform fails the pipeline, which closes the reader and releases its connection.
 */
export class TargetRowTransform extends Transform {
  readonly #transform: RowTransform;

  constructor(transform: RowTransform, highWaterMark: number) {
    super({ objectMode: true, highWaterMark });
    this.#transform = transform;
  }

  override _transform(
    raw: Readonly<Record<string, unknown>>,
    _encoding: BufferEncoding,
    callback: TransformCallback,
  ): void {
    let row: TargetRow;
    try {
      row = this.#transform(toSourceRow(raw));
    } catch (error) {
      callback(error instanceof Error ? error : new Error(String(error)));
      return;
    }
    callback(null, row);
  }
}
