import { describe, expect, it } from 'vitest';
import { describeError } from '../../../../src/lib/log/logger.ts';
import { redactUrlCredentials } from '../../../../src/lib/log/logger.ts';

describe('redactUrlCredentials', () => {
  it.each([
    ['https://user:secret@host.example/path', 'https://***@host.example/path'],
    ['http://token@host.example:8080', 'http://***@host.example:8080'],
    ['https://user:p@ss@host.example/?q=a@b', 'https://***@host.example/?q=a@b'],
    [
      'see postgres://a:b@db:5432/x and https://c:d@e.example',
      'see postgres://***@db:5432/x and https://***@e.example',
    ],
    ['"https://user:secret@host.example"', '"https://***@host.example"'],
  ])('redacts %s', (input, output) => {
    expect(redactUrlCredentials(input)).toBe(output);
  });

  it.each([
    'https://host.example/path',
    'https://host.example/users/me@example.com',
    'https://host.example/?mail=me@example.com',
    'mailto:me@example.com',
    'no URL here',
  ])('leaves %s alone', (input) => {
    expect(redactUrlCredentials(input)).toBe(input);
  });
});

describe('describeError', () => {
  it('redacts URL credentials in the message and the stack', () => {
    const described = describeError(new TypeError('cannot fetch https://user:secret@origin.example/x'));
    expect(described.message).toBe('cannot fetch https://***@origin.example/x');
    expect(described.stack).toContain('https://***@origin.example/x');
    expect(JSON.stringify(described)).not.toContain('secret');
    expect(describeError('https://u:secret@h.example').message).toBe('https://***@h.example');
  });
});
