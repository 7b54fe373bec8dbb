import { DatabaseSetupError } from '../../errors.js';
import { lookupSystemAccount, runningAsRoot, type SystemAccount } from './system-user.js';

/**
 * The account a local server runs as: the current user normally; as root (where PostgreSQL and
 * MySQL refuse to run) the engine's system user. Undefined means "as this process". Throws when
 * root has no such user and `rootFallback` is false.
 */
export async function localServerAccount(
  systemUser: string,
  rootFallback: boolean,
): Promise<{ account: SystemAccount | undefined; asRoot: boolean }> {
  if (!runningAsRoot()) return { account: undefined, asRoot: false };
  const account = await lookupSystemAccount(systemUser);
  if (account !== undefined) return { account, asRoot: false };
  if (rootFallback) return { account: undefined, asRoot: true };
  throw new DatabaseSetupError(
    `Running as root, and the server refuses to run as root, but there is no "${systemUser}" system user to run it as. ` +
      `Create one (useradd --system ${systemUser}) or run dbbench as a normal user.`,
  );
}
