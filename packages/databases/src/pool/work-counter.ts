import type { Socket } from 'node:net';
import type { WorkCounters } from '../types.js';

/** A statement that opens a transaction, as Kysely and hand-written SQL spell it. */
const TRANSACTION_START = /^\s*(begin|start\s+transaction)\b/i;

/**
 * Counts, client side, the work a pool's connections ask of the server: statements sent, the
 * transactions among them, and bytes on the wire both ways. Work, not time: for the same code these
 * numbers are the same in every run, so a change (an N+1 query, a lost batch) shows exactly.
 */
export class WorkCounter {
  #statements = 0;
  #transactions = 0;
  readonly #sockets = new Set<Socket>();

  /** Counts one statement; `text` is its SQL when the caller has it. */
  statement(text: unknown): void {
    this.#statements += 1;
    if (typeof text === 'string' && TRANSACTION_START.test(text)) this.#transactions += 1;
  }

  /** Watches a connection's socket (its byte counts stay readable after it closes). */
  watch(socket: Socket | undefined): void {
    if (socket !== undefined) this.#sockets.add(socket);
  }

  /** Everything counted since the pool was created. */
  snapshot(): WorkCounters {
    let bytesSent = 0;
    let bytesReceived = 0;
    for (const socket of this.#sockets) {
      bytesSent += socket.bytesWritten;
      bytesReceived += socket.bytesRead;
    }
    return { statements: this.#statements, transactions: this.#transactions, bytesSent, bytesReceived };
  }
}

/** The SQL text of a driver's query argument: a string, or an object with `text`/`sql` (pg, mysql2). */
export function statementText(argument: unknown): unknown {
  if (typeof argument === 'string') return argument;
  if (argument !== null && typeof argument === 'object') {
    const record = argument as { text?: unknown; sql?: unknown };
    return record.text ?? record.sql;
  }
  return undefined;
}
