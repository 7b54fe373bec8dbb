/**
 * The baseline checkout of `dbbench compare` reuses the candidate's installed packages when the
 * lockfiles agree: every package, including the versions a workspace keeps in its own node_modules,
 * resolves in the checkout as in the candidate, and workspace packages resolve to the checkout's own.
 */
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readFile, realpath, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHECKOUT_CACHE_VARIABLE, refCheckout } from './checkout.js';

const run = promisify(execFile);

/** Writes a package `name` at `directory` whose main exports `value`. */
async function writePackage(directory: string, name: string, value: string): Promise<void> {
  await mkdir(directory, { recursive: true });
  await writeFile(
    join(directory, 'package.json'),
    JSON.stringify({ name, version: '1.0.0', main: 'index.js' }),
  );
  await writeFile(join(directory, 'index.js'), `module.exports = ${JSON.stringify(value)};\n`);
}

describe('refCheckout with the candidate lockfile', () => {
  let parent: string;
  let root: string;
  const previousCache = process.env[CHECKOUT_CACHE_VARIABLE];

  beforeAll(async () => {
    parent = await mkdtemp(join(tmpdir(), 'dbbench-checkout-test-'));
    root = join(parent, 'repo');
    process.env[CHECKOUT_CACHE_VARIABLE] = join(parent, 'cache');
    await mkdir(root);
    const git = (...args: string[]) => run('git', args, { cwd: root });
    await git('init', '-q');
    await git('config', 'user.email', 'test@example.com');
    await git('config', 'user.name', 'test');
    await writeFile(
      join(root, 'package.json'),
      JSON.stringify({ name: 'root', private: true, workspaces: ['packages/tool', 'packages/app'] }),
    );
    await writeFile(join(root, 'package-lock.json'), '{ "lockfileVersion": 3 }\n');
    await writeFile(join(root, '.gitignore'), 'node_modules\n');
    await writePackage(join(root, 'packages/tool'), 'tool', 'tool of the commit');
    await writePackage(join(root, 'packages/app'), '@scope/app', 'app of the commit');
    await git('add', '.');
    await git('commit', '-qm', 'baseline');
    // What `npm ci` left in the candidate: the root's versions, one workspace's own newer version,
    // and the workspace packages linked from the root.
    await writePackage(join(root, 'node_modules/dep'), 'dep', 'dep 1 (root)');
    await writePackage(join(root, 'node_modules/@scope/other'), '@scope/other', 'other');
    await writePackage(join(root, 'packages/tool/node_modules/dep'), 'dep', 'dep 2 (tool)');
    await run('ln', ['-s', '../packages/tool', join(root, 'node_modules/tool')]);
    await run('ln', ['-s', '../../packages/app', join(root, 'node_modules/@scope/app')]);
    // The candidate's working tree moved on: the checkout must not see it.
    await writePackage(join(root, 'packages/tool'), 'tool', 'tool of the working tree');
  });

  afterAll(async () => {
    if (previousCache === undefined) delete process.env[CHECKOUT_CACHE_VARIABLE];
    else process.env[CHECKOUT_CACHE_VARIABLE] = previousCache;
    await rm(parent, { recursive: true, force: true });
  });

  it("resolves a workspace's own package versions and the checkout's workspace packages", async () => {
    const checkout = await refCheckout(root, 'HEAD', () => undefined);
    const from = (path: string) => createRequire(join(checkout.root, path, 'index.js'));
    expect(from('packages/tool')('dep')).toBe('dep 2 (tool)');
    expect(from('packages/app')('dep')).toBe('dep 1 (root)');
    expect(from('.')('@scope/other')).toBe('other');
    expect(from('packages/app')('tool')).toBe('tool of the commit');
    expect(await realpath(from('.').resolve('@scope/app'))).toBe(
      await realpath(join(checkout.root, 'packages/app/index.js')),
    );
    // Nothing was installed into the candidate.
    expect(await readFile(join(root, 'packages/tool/index.js'), 'utf8')).toContain('working tree');
  });
});
