import { do_not_optimize } from 'mitata';
import type { Blackhole } from './definition.js';

/**
 * The blackhole handed to benchmarks: mitata's `do_not_optimize` stores the value where the engine
 * cannot prove it unused, so work whose result is consumed cannot be eliminated.
 */
export const blackhole: Blackhole = {
  consume(value: unknown): void {
    do_not_optimize(value);
  },
};
