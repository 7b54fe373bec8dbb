import { describe, expect, it } from 'vitest';
import { redactSecret } from './redact-secret.js';

describe('redactSecret', () => {
  it('removes the secret from message, stack and nested causes', () => {
    const inner = new Error('password s3cr3t! rejected');
    const outer = new AggregateError([inner], 'connect s3cr3t! failed', {
      cause: new Error('cause s3cr3t!'),
    });
    redactSecret(outer, 's3cr3t!');
    expect(outer.message).toBe('connect *** failed');
    expect(outer.stack).not.toContain('s3cr3t!');
    expect(inner.message).toBe('password *** rejected');
    expect((outer.cause as Error).message).toBe('cause ***');
  });

  it('scrubs the string fields drivers add, such as sqlMessage', () => {
    const error = Object.assign(new Error('denied'), { sqlMessage: "user 's3cr3t!' denied", errno: 1045 });
    redactSecret(error, 's3cr3t!');
    expect(error.sqlMessage).toBe("user '***' denied");
    expect(error.errno).toBe(1045);
  });

  it('leaves errors alone when there is no secret', () => {
    const error = new Error('plain');
    expect(redactSecret(error, '').message).toBe('plain');
  });
});
