import type { DbbenchReportFile } from './report-file.js';
import { databaseRunInfo } from './environment.js';

/**
 * Server products recognised in a version string (`SELECT version()`), first match wins. MariaDB
 * answers to the MySQL protocol and is often run as "mysql", but its version string names it;
 * MySQL's own version string is a bare number, so it is recognised by the engine name instead.
 */
const PRODUCTS: readonly (readonly [string, RegExp])[] = [
  ['MariaDB', /mariadb/i],
  ['PostgreSQL', /postgres/i],
  ['MySQL', /mysql/i],
];

/** The product a server is, from its version string, else its engine name, else `fallback`. */
export function productName(
  version: string | undefined,
  engine: string | undefined,
  fallback: string,
): string {
  for (const text of [version, engine]) {
    if (text === undefined) continue;
    for (const [name, pattern] of PRODUCTS) if (pattern.test(text)) return name;
  }
  return fallback;
}

/** The release a version string names, as major.minor (`10.11.19-MariaDB-…` → `10.11`). */
export function releaseOf(version: string | undefined): string | undefined {
  const match = version === undefined ? null : /(\d+)\.(\d+)/.exec(version);
  return match ? `${match[1]}.${match[2]}` : undefined;
}

/**
 * How the pages name the server of one engine page: the product from the version strings the
 * suites recorded ("MariaDB 10.11", "PostgreSQL 15.20"), with the release when every result agrees
 * on it; the database name as written when nothing was recorded.
 */
export function serverTitle(database: string, reports: readonly DbbenchReportFile[]): string {
  const infos = reports.flatMap((report) => report.results.map((result) => databaseRunInfo(result.dbbench)));
  const products = new Set(infos.map((info) => productName(info.version, info.engine, database)));
  const releases = new Set(infos.map((info) => releaseOf(info.version)));
  const [product] = products;
  if (products.size !== 1 || product === undefined) return [...products].join(' / ') || database;
  const [release] = releases;
  return releases.size === 1 && release !== undefined ? `${product} ${release}` : product;
}
