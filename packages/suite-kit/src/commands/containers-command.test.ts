import type { DbbenchContainer } from '@dbbench/databases';
import { describe, expect, it } from 'vitest';
import { formatContainerList, formatRemoval } from './containers-command.js';

const NOW = new Date('2026-12-01T12:00:00Z');

function container(id: string, overrides: Partial<DbbenchContainer>): DbbenchContainer {
  return {
    id: id.padEnd(64, '0'),
    name: `name-${id}`,
    image: 'postgres:16-alpine',
    state: 'running',
    createdAt: new Date(NOW.getTime() - 90_000),
    labels: {},
    ports: ['5432→0.0.0.0:40123'],
    engine: 'postgres',
    ownership: 'reused',
    run: undefined,
    ...overrides,
  };
}

const CONTAINERS = [
  container('aaaaaaaaaaaa', {}),
  container('bbbbbbbbbbbb', {
    engine: 'mysql',
    image: 'mysql:8.4',
    state: 'exited',
    ownership: 'orphaned',
    run: 'pid 4242 on bench',
    ports: [],
    createdAt: new Date(NOW.getTime() - 3 * 3600_000),
  }),
  container('cccccccccccc', { ownership: 'in-use', run: 'pid 77 on bench' }),
];

describe('dbbench containers output', () => {
  it('lists id, engine, image, state, age, ports and whose each container is, then a summary', () => {
    const lines = formatContainerList(CONTAINERS, NOW).trimEnd().split('\n');
    expect(lines[0]).toMatch(/^CONTAINER\s+ENGINE\s+IMAGE\s+STATE\s+AGE\s+PORTS\s+OWNER$/);
    expect(lines[1]).toMatch(
      /^aaaaaaaaaaaa\s+postgres\s+postgres:16-alpine\s+running\s+90 s\s+5432→0\.0\.0\.0:40123\s+reused/,
    );
    expect(lines[2]).toMatch(
      /^bbbbbbbbbbbb\s+mysql\s+mysql:8\.4\s+exited\s+3 h\s+-\s+orphaned \(its run is gone\): pid 4242 on bench$/,
    );
    expect(lines[3]).toMatch(/in use: pid 77 on bench$/);
    expect(lines[4]).toBe(
      '3 dbbench containers: 1 reused, 1 orphaned, 1 in use; dbbench containers --rm removes the 2 reused or orphaned',
    );
    expect(formatContainerList([], NOW)).toBe('no dbbench containers\n');
  });

  it('says which containers --rm removed and which it kept', () => {
    expect(formatRemoval(CONTAINERS).trimEnd().split('\n')).toEqual([
      'removed aaaaaaaaaaaa (postgres, postgres:16-alpine, reused (kept for the next --reuse run))',
      'removed bbbbbbbbbbbb (mysql, mysql:8.4, orphaned (its run is gone): pid 4242 on bench)',
      'kept    cccccccccccc (postgres, postgres:16-alpine, in use: pid 77 on bench)',
      'removed 2 of 3 dbbench containers',
    ]);
  });
});
