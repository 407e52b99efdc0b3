import { jsonDepthExceeds } from './json-depth.js';

const bytes = (text: string) => Buffer.from(text, 'utf8');
const nested = (n: number) => '['.repeat(n) + ']'.repeat(n);

describe('jsonDepthExceeds', () => {
  it.each([
    ['a flat object', '{"a":1,"b":"x"}', false],
    ['32 levels', nested(32), false],
    ['33 levels', nested(33), true],
    ['100,000 levels', nested(100_000), true],
    ['brackets inside a string', `{"text":"${'['.repeat(100)}"}`, false],
    ['an escaped quote does not end the string', `{"text":"\\"${'{'.repeat(100)}"}`, false],
    ['an escaped backslash does end it', `{"text":"\\\\",${'"a":['.repeat(40)}1${']'.repeat(40)}}`, true],
    ['objects and arrays mixed', '{"a":[{"b":[{"c":[]}]}]}', false],
  ])('%s: %s', (_label, text, expected) => {
    expect(jsonDepthExceeds(bytes(text), 32)).toBe(expected);
  });
});
