import { WORK_KINDS, attributionReasonWords, isWorkKind, workHref, workKind } from './work-kinds';

describe('work kinds', () => {
  it('are the seven the API lists, waiting customers first, with a title, a description and an empty state each', () => {
    expect(WORK_KINDS).toEqual(['waiting_customer', 'stuck_sending', 'unattributed_inbound', 'failed', 'held', 'poison_webhook', 'alert']);
    for (const kind of WORK_KINDS) {
      const display = workKind(kind);
      expect(display.title.length).toBeGreaterThan(2);
      expect(display.description.length).toBeGreaterThan(20);
      expect(display.empty.length).toBeGreaterThan(5);
    }
  });

  it.each([
    ['failed', true],
    ['alert', true],
    ['stuck', false],
    ['', false],
    ['constructor', false],
  ])('isWorkKind(%s) → %s', (value, expected) => {
    expect(isWorkKind(value)).toBe(expected);
  });

  it('links to /work/<kind>', () => {
    expect(workHref('poison_webhook')).toBe('/work/poison_webhook');
  });

  it.each([
    ['none_awaiting', 'No message was waiting for a reply'],
    ['several_awaiting', 'Several messages were waiting for a reply'],
    ['context_unknown', 'Quotes a message Sendbook does not know'],
    [null, 'No reason recorded'],
    ['some_new_reason', 'some new reason'],
  ])('attributionReasonWords(%s) → %s', (reason, words) => {
    expect(attributionReasonWords(reason)).toBe(words);
  });
});
