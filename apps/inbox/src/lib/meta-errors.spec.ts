import { errorLine, errorWords, isMetaCode } from './meta-errors';

const err = (code: number | string | null, title = 'Some title') => ({ code, title, message: 'm', details: null });

describe('errorWords: Meta’s codes in plain words', () => {
  it.each<[number | string, RegExp]>([
    [130429, /speed limit/],
    [131026, /could not deliver/],
    [131047, /24 hours/],
    [131048, /blocked or reported/],
    [131049, /marketing message/],
    [131050, /stopped marketing messages/],
    [131051, /does not support this type/],
    [131053, /media could not be uploaded/],
    [131056, /Too many messages to this customer/],
    [132000, /wrong number of variables/],
    [132001, /does not exist in this language/],
    [132005, /too long/],
    [132007, /formatting rules/],
    [132012, /wrong format/],
    [132015, /paused/],
    [132016, /disabled/],
    [133010, /not registered/],
    [190, /access token has expired/],
    [368, /policy violations/],
    [470, /24 hours/],
    [1, /unknown error/],
    [2, /temporarily unavailable/],
    ['131047', /24 hours/],
    ['window_closed', /only a template/],
    ['quiet_hours', /quiet hours/],
    ['messaging_limit', /messaging limit/],
    ['unknown_outcome', /Unknown whether/],
  ])('%s → %s', (code, words) => {
    const result = errorWords(err(code));
    expect(result.words).toMatch(words);
    expect(result.known).toBe(true);
    expect(result.code).toBe(String(code));
  });

  it('the permission range 200–299 is one family', () => {
    expect(errorWords(err(250)).words).toMatch(/lacks a permission/);
  });

  it('an unknown code keeps its code and Meta’s title, as a sentence', () => {
    expect(errorWords(err(999999, 'a brand new problem'))).toEqual({ words: 'A brand new problem.', hint: null, code: '999999', known: false });
    expect(errorLine(err(999999, 'A brand new problem!'))).toBe('A brand new problem! (999999)');
  });

  it('no code: the title alone', () => {
    expect(errorLine(err(null, 'Meta reported the message as failed without an error'))).toBe('Meta reported the message as failed without an error.');
  });

  it.each([[null], [undefined]])('no error at all (%s) still says so', (error) => {
    expect(errorWords(error).words).toBe('No reason was given.');
  });

  it('the line carries the code', () => {
    expect(errorLine(err(131047))).toBe('More than 24 hours since the customer last wrote: only a template can be sent. (131047)');
  });

  it('hints say what to do where there is something', () => {
    expect(errorWords(err(190)).hint).toMatch(/renew the access token/);
    expect(errorWords(err(131051)).hint).toBeNull();
  });
});

describe('isMetaCode: which codes Meta’s error page explains', () => {
  it.each([
    [131026, true],
    ['131047', true],
    ['unknown_outcome', false],
    [null, false],
    ['', false],
  ])('%s → %s', (code, expected) => {
    expect(isMetaCode(code as never)).toBe(expected);
  });
});
