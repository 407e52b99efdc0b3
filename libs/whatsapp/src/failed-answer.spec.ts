import { classifyFailedAnswer } from './failed-answer.js';

describe('classifyFailedAnswer', () => {
  it.each([
    [400, true, 'rejected'],
    [401, true, 'rejected'],
    [429, true, 'rejected'],
    [500, true, 'rejected'],
    [503, true, 'rejected'],
    [408, true, 'unknown'],
    [408, false, 'unknown'],
    [421, true, 'unknown'],
    [421, false, 'unknown'],
    [400, false, 'unknown'],
    [404, false, 'unknown'],
    [413, false, 'unknown'],
    [502, false, 'unknown'],
    [504, false, 'unknown'],
  ] as const)('HTTP %i, Graph error body %s: %s', (status, hasBody, expected) => {
    expect(classifyFailedAnswer(status, hasBody)).toBe(expected);
  });
});
