/**
 * Opens `size` connections at once, validates each with a query, and gives all of them back, so a
 * benchmark never pays for a connect inside its timed region (pg does not pre-fill even with `min`).
 * All are taken before any is returned: taking them one by one would reuse the first connection.
 *
 * @throws the first driver error (after giving back whatever was opened)
 */
export async function prewarmConnections<C>(
  size: number,
  take: () => Promise<C>,
  validate: (connection: C) => Promise<void>,
  giveBack: (connection: C) => void,
): Promise<void> {
  const taken = await Promise.allSettled(Array.from({ length: size }, () => take()));
  const opened = taken.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
  try {
    const failure = taken.find((result) => result.status === 'rejected');
    if (failure !== undefined) throw failure.reason;
    await Promise.all(opened.map(validate));
  } finally {
    for (const connection of opened) giveBack(connection);
  }
}
