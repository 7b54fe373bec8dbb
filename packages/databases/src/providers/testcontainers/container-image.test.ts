import { describe, expect, it } from 'vitest';
import { DatabaseSetupError } from '../../errors.js';
import {
  containerImage,
  declaredReadiness,
  READY_LOG_COUNT_LABEL,
  READY_LOG_LABEL,
} from './container-image.js';

const ENGINE_CONTAINER = { defaultImage: 'postgres:16-alpine', imageVariable: 'DBBENCH_POSTGRES_IMAGE' };
const FALLBACK = { pattern: /database system is ready to accept connections/, times: 2 };

describe('containerImage', () => {
  it('takes --image first, then the engine variable, then the official image', () => {
    const env = { DBBENCH_POSTGRES_IMAGE: 'localhost/dbbench/postgres:15' };
    expect(containerImage(ENGINE_CONTAINER, 'postgres:17', env)).toBe('postgres:17');
    expect(containerImage(ENGINE_CONTAINER, undefined, env)).toBe('localhost/dbbench/postgres:15');
    expect(containerImage(ENGINE_CONTAINER, undefined, {})).toBe('postgres:16-alpine');
    // An empty flag or variable means "not set", never an image called "".
    expect(containerImage(ENGINE_CONTAINER, ' ', { DBBENCH_POSTGRES_IMAGE: '' })).toBe('postgres:16-alpine');
  });
});

describe('declaredReadiness', () => {
  it("keeps the engine's readiness for an image that declares none (the official images)", () => {
    expect(declaredReadiness('postgres:16-alpine', { maintainer: 'x' }, FALLBACK)).toBe(FALLBACK);
  });

  it('lets an image that prints its ready line once say so', () => {
    const readiness = declaredReadiness('local/pg', { [READY_LOG_COUNT_LABEL]: '1' }, FALLBACK);
    expect(readiness).toEqual({ pattern: FALLBACK.pattern, times: 1 });
  });

  it('lets an image replace the line', () => {
    const readiness = declaredReadiness(
      'local/pg',
      { [READY_LOG_LABEL]: 'accepting (TCP)? connections' },
      FALLBACK,
    );
    expect('now accepting TCP connections').toMatch(readiness.pattern);
    expect(readiness.times).toBe(2);
  });

  it('refuses labels it cannot use, naming the image', () => {
    expect(() => declaredReadiness('local/pg', { [READY_LOG_COUNT_LABEL]: '0' }, FALLBACK)).toThrow(
      /local\/pg declares dev\.dbbench\.ready-log-count=0/,
    );
    expect(() => declaredReadiness('local/pg', { [READY_LOG_COUNT_LABEL]: 'two' }, FALLBACK)).toThrow(
      DatabaseSetupError,
    );
    expect(() => declaredReadiness('local/pg', { [READY_LOG_LABEL]: 'ready (' }, FALLBACK)).toThrow(
      /not a regular expression/,
    );
  });
});
