import { describe, expect, it } from 'vitest';
import { containerLabels, newContainerRun, runLabelFilter } from './container-labels.js';
import { containerOwnership, isRemovable } from './dbbench-containers.js';

const HOST = 'bench-host';
const alive = (pid: number): boolean => pid === 100;

describe('container labels', () => {
  it('mark every container, name the run (id, host, PID) of a run container, and no run on a reused one', () => {
    const run = { id: 'abc', host: HOST, pid: 100 };
    expect(containerLabels('postgres', run)).toEqual({
      'dev.dbbench': 'true',
      'dev.dbbench.engine': 'postgres',
      'dev.dbbench.run': 'abc',
      'dev.dbbench.run.host': HOST,
      'dev.dbbench.run.pid': '100',
    });
    // No run, so the reused container's configuration (and testcontainers' hash of it) stays the same.
    expect(containerLabels('mysql', undefined)).toEqual({
      'dev.dbbench': 'true',
      'dev.dbbench.engine': 'mysql',
      'dev.dbbench.reuse': 'true',
    });
    expect(runLabelFilter('abc')).toBe('dev.dbbench.run=abc');
  });

  it('gives every run its own id', () => {
    const first = newContainerRun();
    expect(first.id).toMatch(/^[0-9a-f]{16}$/);
    expect(first.pid).toBe(process.pid);
    expect(newContainerRun().id).not.toBe(first.id);
  });
});

describe('containerOwnership', () => {
  const ownership = (labels: Record<string, string>) => containerOwnership(labels, HOST, alive);

  it('tells reused, in use, orphaned and elsewhere apart', () => {
    expect(ownership(containerLabels('postgres', undefined))).toBe('reused');
    expect(ownership(containerLabels('postgres', { id: 'a', host: HOST, pid: 100 }))).toBe('in-use');
    expect(ownership(containerLabels('postgres', { id: 'a', host: HOST, pid: 101 }))).toBe('orphaned');
    expect(ownership(containerLabels('postgres', { id: 'a', host: 'other', pid: 101 }))).toBe('elsewhere');
    // A dbbench container that names no run has no one to remove it.
    expect(ownership({ 'dev.dbbench': 'true' })).toBe('orphaned');
  });

  it('lets --rm remove only reused and orphaned containers', () => {
    expect(isRemovable('reused')).toBe(true);
    expect(isRemovable('orphaned')).toBe(true);
    expect(isRemovable('in-use')).toBe(false);
    expect(isRemovable('elsewhere')).toBe(false);
  });
});
