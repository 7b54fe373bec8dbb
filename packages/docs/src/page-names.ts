import { slug } from './slug.js';

/** The page of a plain JMH report: its file name (without `.md`) and how titles name it. */
export interface JmhPageName {
  /** `jmh-results`, `jmh-orders-results`, `jmh-avgt` (never `jmh-jmh-…`). */
  readonly name: string;
  /** The part of the path that tells it apart: `results`, `orders/results`. */
  readonly label: string;
}

function candidate(file: string, depth: number): JmhPageName {
  const segments = file
    .replace(/\.json$/i, '')
    .split('/')
    .filter((segment) => segment !== '');
  const tail = segments.slice(-depth);
  const joined = slug(tail.join('-'));
  return { name: joined.startsWith('jmh') ? joined : `jmh-${joined}`, label: tail.join('/') };
}

/**
 * Names the pages of plain JMH reports from their paths: the file's base name, with as many
 * parent folders as it takes to tell reports apart (two `results.json` in different folders
 * become `jmh-orders-results` and `jmh-billing-results`), never a name in `taken` (the other
 * pages). Deterministic for a given set of paths.
 */
export function jmhPageNames(files: readonly string[], taken: ReadonlySet<string>): Map<string, JmhPageName> {
  const depth = new Map(files.map((file) => [file, 1]));
  const maxDepth = (file: string) => file.split('/').filter((segment) => segment !== '').length;
  for (;;) {
    const byName = new Map<string, string[]>();
    for (const file of files) {
      const { name } = candidate(file, depth.get(file) ?? 1);
      byName.set(name, [...(byName.get(name) ?? []), file]);
    }
    const clashing = [...byName].filter(([name, owners]) => owners.length > 1 || taken.has(name));
    const deepen = clashing
      .flatMap(([, owners]) => owners)
      .filter((file) => (depth.get(file) ?? 1) < maxDepth(file));
    if (deepen.length === 0) break;
    for (const file of deepen) depth.set(file, (depth.get(file) ?? 1) + 1);
  }
  // Paths that still clash once every folder is used (`a/b.json` and `a-b.json`) get a number.
  const names = new Map<string, JmhPageName>();
  const used = new Set(taken);
  for (const file of [...files].sort()) {
    const base = candidate(file, depth.get(file) ?? 1);
    let name = base.name;
    for (let index = 2; used.has(name); index += 1) name = `${base.name}-${index}`;
    used.add(name);
    names.set(file, { name, label: base.label });
  }
  return names;
}
