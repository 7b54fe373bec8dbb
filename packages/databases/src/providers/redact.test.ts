import { describe, expect, it } from 'vitest';
import { redact, redactedErrorMessage } from './redact.js';

describe('redact', () => {
  it('hides the password of every URL in the text, keeping user and host', () => {
    expect(redact('postgres://bench:s3cret@db:5432/app and mysql://root:p%40ss@h/x')).toBe(
      'postgres://bench:***@db:5432/app and mysql://root:***@h/x',
    );
  });

  it('leaves URLs without a password and harmless words alone', () => {
    const text = "postgres://bench@db:5432/app: Access denied for user 'root' (using password: YES)";
    expect(redact(text)).toBe(text);
  });

  it('hides password= assignments and every given secret, raw or URL-encoded', () => {
    expect(redact('host=db password=hunter2 user=x')).toBe('host=db password=*** user=x');
    expect(redact('failed for p@ss/word and p%40ss%2Fword', ['p@ss/word', ''])).toBe(
      'failed for *** and ***',
    );
  });
});

describe('redactedErrorMessage', () => {
  it('explains the empty-message AggregateError Node raises for refused connections', () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:1'), { code: 'ECONNREFUSED' });
    expect(redactedErrorMessage(new AggregateError([refused, refused], ''))).toBe(
      'connect ECONNREFUSED 127.0.0.1:1',
    );
  });

  it('redacts the given secrets', () => {
    expect(redactedErrorMessage(new Error('bad token abc123'), ['abc123'])).toBe('bad token ***');
  });
});
