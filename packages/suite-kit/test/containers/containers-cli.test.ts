/**
 * The `dbbench` command on a real container engine: a quick run through the testcontainers provider
 * on every engine (forks measure against the container; the report names provider and image; no
 * container is left), and `--reuse true` keeping one container across two runs until
 * `dbbench containers --rm` removes it. Skipped, saying why, when no engine answers (unless
 * DBBENCH_CONTAINER_TESTS=required).
 */
import { execFile } from 'node:child_process';
import { readFile, rm } from 'node:fs/promises';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ENGINE_NAMES, listDbbenchContainers, RUN_LABEL, removeDbbenchContainers } from '@dbbench/databases';
import { dbbenchReportSchema } from '@dbbench/harness/report';
import { afterAll, describe, expect, it } from 'vitest';

const PACKAGE_DIR = fileURLToPath(new URL('../..', import.meta.url));
const BIN = fileURLToPath(new URL('../../bin/dbbench.js', import.meta.url));
const probeSuite = (engine: string) => `test/fixtures/probe-${engine}-suite.js`;
const REQUIRED = process.env['DBBENCH_CONTAINER_TESTS'] === 'required';
// Container start-up alone took 5–17 s on a loaded 2-core machine; a run adds a fork and its pool.
const RUN_TIMEOUT_MS = 240_000;

interface DbbenchProcess {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

/** Runs the real `dbbench` bin in this package, as `npx dbbench …` would. */
function dbbench(args: readonly string[]): Promise<DbbenchProcess> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [BIN, ...args],
      { cwd: PACKAGE_DIR, timeout: RUN_TIMEOUT_MS, maxBuffer: 16 * 1024 * 1024 },
      (error, stdout, stderr) => {
        const code = error === null ? 0 : typeof error.code === 'number' ? error.code : 1;
        resolve({ code, stdout, stderr });
      },
    );
  });
}

/** The first capture of `pattern` in `text`; fails the test when there is none. */
function captured(text: string, pattern: RegExp): string {
  const match = pattern.exec(text);
  expect(match, `${String(pattern)} in:\n${text}`).not.toBeNull();
  return match?.[1] ?? '';
}

const probe = await dbbench(['containers']);
const skipReason = probe.code === 0 ? undefined : probe.stderr.trim();
if (skipReason !== undefined) {
  if (REQUIRED) throw new Error(`DBBENCH_CONTAINER_TESTS=required, but ${skipReason}`);
  console.warn(`dbbench container tests skipped: ${skipReason}`);
}

describe.skipIf(skipReason !== undefined)(
  `dbbench with the testcontainers provider${skipReason === undefined ? '' : ' (skipped: no container engine answered)'}`,
  () => {
    const reusedIds: string[] = [];
    afterAll(async () => {
      // Only when a test failed before `dbbench containers --rm` did its job.
      await removeDbbenchContainers(reusedIds.map((id) => ({ id }))).catch(() => undefined);
    });

    for (const engine of ENGINE_NAMES) {
      it(
        `runs a quick benchmark on ${engine} in a container, reports provider and image, and leaves no container`,
        async () => {
          const run = await dbbench(['run', probeSuite(engine), '--provider', 'testcontainers', '--quick']);
          expect(run.code, run.stderr).toBe(0);
          const output = run.stdout + run.stderr;
          const runId = captured(output, /testcontainers: starting \S+ \(run ([0-9a-f]+);/);
          const reportPath = captured(output, /# Quick profile: the report goes to (\S+)/);
          const report = dbbenchReportSchema.parse(JSON.parse(await readFile(reportPath, 'utf8')));
          await rm(dirname(reportPath), { recursive: true, force: true });
          expect(report).toHaveLength(1);
          const [result] = report;
          expect(result?.dbbench.status).toBe('ok');
          expect(result?.primaryMetric.score).toBeGreaterThan(0);
          const database = result?.dbbench.runInfo?.['database'] as Record<string, unknown> | undefined;
          expect(database?.['provider']).toBe('testcontainers');
          expect(database?.['image']).toBe(captured(output, /testcontainers: starting (\S+) /));
          expect(String(database?.['version'])).not.toBe('');
          expect(database?.['settings']).toHaveProperty('max_connections');
          const left = (await listDbbenchContainers()).filter(
            (container) => container.labels[RUN_LABEL] === runId,
          );
          expect(left).toEqual([]);
        },
        RUN_TIMEOUT_MS,
      );
    }

    it(
      'keeps one container across two --reuse runs; dbbench containers lists it and --rm removes it',
      async () => {
        const engine = ENGINE_NAMES[0] ?? '';
        const reuseRun = async (): Promise<string> => {
          const run = await dbbench([
            'run',
            probeSuite(engine),
            '--provider',
            'testcontainers',
            '--reuse',
            'true',
            '--quick',
          ]);
          expect(run.code, run.stderr).toBe(0);
          const output = run.stdout + run.stderr;
          expect(output).toMatch(/reused: kept after the run/);
          return captured(output, /testcontainers: container ([0-9a-f]{12}) ready/);
        };
        const first = await reuseRun();
        reusedIds.push(first);
        expect(await reuseRun()).toBe(first);

        const listed = await dbbench(['containers']);
        expect(listed.code, listed.stderr).toBe(0);
        const row = listed.stdout.split('\n').find((line) => line.startsWith(first));
        expect(row).toMatch(new RegExp(`^${first}\\s+${engine}\\s+\\S+\\s+running\\s+.*reused`));

        const removed = await dbbench(['containers', '--rm']);
        expect(removed.code, removed.stderr).toBe(0);
        expect(removed.stdout).toMatch(new RegExp(`^removed ${first} \\(${engine}, `, 'm'));
        expect((await listDbbenchContainers()).map((container) => container.id.slice(0, 12))).not.toContain(
          first,
        );
      },
      2 * RUN_TIMEOUT_MS,
    );
  },
);
