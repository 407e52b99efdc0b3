import { nulCharacterProblems } from './nul-characters.js';

describe('nulCharacterProblems', () => {
  it.each([
    [{ dedupe_key: 'a\u0000b' }, ['dedupe_key']],
    [{ payload: { type: 'text', text: { body: 'half\u0000way' } } }, ['payload.text.body']],
    [{ payload: { template: { components: [{ parameters: [{ text: 'ok' }, { text: '\u0000' }] }] } } }, ['payload.template.components[0].parameters[1].text']],
    [{ payload: { ['k\u0000']: 1 } }, ['payload.k\u0000']],
    [{ to: '+972501234567', payload: { type: 'text', text: { body: 'fine' } }, not_before: new Date() }, []],
  ])('%j → %j', (value, fields) => {
    expect(nulCharacterProblems(value).map((p) => p.field)).toEqual(fields);
  });
});
