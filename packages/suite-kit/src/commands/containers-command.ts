/**
 * `dbbench containers [--rm]`: the containers the testcontainers provider left on the container
 * engine — reused ones (`--reuse true` keeps them on purpose) and orphans whose run is gone — and,
 * with `--rm`, their removal. Containers of a run still running are listed and left alone.
 */
import {
  isRemovable,
  listDbbenchContainers,
  removeDbbenchContainers,
  type ContainerOwnership,
  type DbbenchContainer,
} from '@dbbench/databases';
import { defineCommand } from '@dbbench/harness';
import { withHarnessErrors } from '../harness-errors.js';

/** The `containers` command. */
export const containersCommand = defineCommand({
  name: 'containers',
  description: 'list the containers dbbench runs kept (--reuse) or left behind; --rm removes them',
  options: {
    rm: { description: 'remove the reused and orphaned ones (never those of a run still running)' },
  },
  async action({ options, stdout }) {
    const containers = await withHarnessErrors(listDbbenchContainers);
    if (options['rm'] !== true) {
      stdout.write(formatContainerList(containers, new Date()));
      return 0;
    }
    const removable = containers.filter((container) => isRemovable(container.ownership));
    await withHarnessErrors(() => removeDbbenchContainers(removable));
    stdout.write(formatRemoval(containers));
    return 0;
  },
});

const OWNERSHIP_TEXT: Readonly<Record<ContainerOwnership, string>> = {
  reused: 'reused (kept for the next --reuse run)',
  'in-use': 'in use',
  orphaned: 'orphaned (its run is gone)',
  elsewhere: 'of a run on another host',
};

/** The table `dbbench containers` prints, then one summary line. */
export function formatContainerList(containers: readonly DbbenchContainer[], now: Date): string {
  if (containers.length === 0) return 'no dbbench containers\n';
  const rows = [
    ['CONTAINER', 'ENGINE', 'IMAGE', 'STATE', 'AGE', 'PORTS', 'OWNER'],
    ...containers.map((container) => [
      container.id.slice(0, 12),
      container.engine ?? '-',
      container.image,
      container.state,
      age(container.createdAt, now),
      container.ports.join(',') || '-',
      owner(container),
    ]),
  ];
  const widths =
    rows[0]?.map((_, column) => Math.max(...rows.map((row) => (row[column] ?? '').length))) ?? [];
  const table = rows.map((row) =>
    row
      .map((cell, column) => cell.padEnd(widths[column] ?? 0))
      .join('  ')
      .trimEnd(),
  );
  return `${table.join('\n')}\n${summary(containers)}\n`;
}

/** What `dbbench containers --rm` prints: one line per container, then the count. */
export function formatRemoval(containers: readonly DbbenchContainer[]): string {
  if (containers.length === 0) return 'no dbbench containers\n';
  const lines = containers.map(
    (container) =>
      `${isRemovable(container.ownership) ? 'removed' : 'kept   '} ${container.id.slice(0, 12)} ` +
      `(${container.engine ?? 'unknown engine'}, ${container.image}, ${owner(container)})`,
  );
  const removed = containers.filter((container) => isRemovable(container.ownership)).length;
  return `${lines.join('\n')}\nremoved ${removed} of ${containers.length} dbbench containers\n`;
}

function owner(container: DbbenchContainer): string {
  const text = OWNERSHIP_TEXT[container.ownership];
  return container.run === undefined ? text : `${text}: ${container.run}`;
}

function summary(containers: readonly DbbenchContainer[]): string {
  const counts = (['reused', 'orphaned', 'in-use', 'elsewhere'] as const)
    .map((ownership) => [ownership, containers.filter((c) => c.ownership === ownership).length] as const)
    .filter(([, count]) => count > 0)
    .map(([ownership, count]) => `${count} ${ownership === 'in-use' ? 'in use' : ownership}`);
  const removable = containers.filter((container) => isRemovable(container.ownership)).length;
  const hint = removable > 0 ? `; dbbench containers --rm removes the ${removable} reused or orphaned` : '';
  return `${containers.length} dbbench container${containers.length === 1 ? '' : 's'}: ${counts.join(', ')}${hint}`;
}

/** A short age: `45 s`, `12 min`, `3 h`, `2 d`. */
function age(createdAt: Date, now: Date): string {
  const seconds = Math.max(0, Math.round((now.getTime() - createdAt.getTime()) / 1000));
  if (seconds < 120) return `${seconds} s`;
  if (seconds < 7200) return `${Math.round(seconds / 60)} min`;
  if (seconds < 172_800) return `${Math.round(seconds / 3600)} h`;
  return `${Math.round(seconds / 86_400)} d`;
}
