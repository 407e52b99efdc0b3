import { csvField, csvLine, csvRecord } from './csv.js';

describe('csvField', () => {
  it.each([
    ['null is empty', null, ''],
    ['undefined is empty', undefined, ''],
    ['plain text as it is', 'order_shipped', 'order_shipped'],
    ['a number', 42, '42'],
    ['a negative number is a number, not a formula', -5, '-5'],
    ['a boolean', false, 'false'],
    ['a comma: quoted', 'Hello, Pablo', '"Hello, Pablo"'],
    ['a double quote: doubled, quoted', 'say "hi"', '"say ""hi"""'],
    ['a line break: quoted, kept', 'line 1\nline 2', '"line 1\nline 2"'],
    ['CRLF: quoted, kept', 'a\r\nb', '"a\r\nb"'],
    ['an object: its JSON, quoted', { code: 131026, title: 'x' }, '"{""code"":131026,""title"":""x""}"'],
    ['an array: its JSON', [], '[]'],
    ['an array of ids: its JSON, quoted', ['a', 'b'], '"[""a"",""b""]"'],
    ['= starts a formula: apostrophe', '=HYPERLINK("http://evil")', `"'=HYPERLINK(""http://evil"")"`],
    ['+ (an E.164 number): apostrophe', '+972501234567', "'+972501234567"],
    ['- : apostrophe', '-2+3', "'-2+3"],
    ['@ : apostrophe', '@SUM(A1)', "'@SUM(A1)"],
    ['a tab first: apostrophe', '\t=1', "'\t=1"],
    ['a CR first: apostrophe and quotes', '\r=1', `"'\r=1"`],
    ['a formula character later is harmless', 'a=b', 'a=b'],
    ['empty text', '', ''],
    ['unicode as it is', 'שלום 👍', 'שלום 👍'],
  ])('%s', (_name, value, expected) => {
    expect(csvField(value)).toBe(expected);
  });
});

describe('csvRecord and csvLine', () => {
  it('one record per row, CRLF-ended, fields in the columns’ order (missing ones empty)', () => {
    expect(csvRecord(['id', 'state'])).toBe('id,state\r\n');
    expect(csvLine(['id', 'state', 'replies'], { state: 'read', id: '1', replies: ['x'] })).toBe('1,read,"[""x""]"\r\n');
    expect(csvLine(['id', 'state', 'replies'], { id: '2', state: 'failed' })).toBe('2,failed,\r\n');
  });

  it('reads back as RFC 4180 says: every field survives a round trip through a strict parser', () => {
    const values = ['plain', 'a,b', 'q"uote', 'multi\nline', '', '=1+1', '{"a":1}'];
    const parsed = parseCsvRecord(csvRecord(values));
    expect(parsed).toEqual(['plain', 'a,b', 'q"uote', 'multi\nline', '', "'=1+1", '{"a":1}']);
  });
});

/** A strict RFC 4180 reader of one record (the test's own, independent of the writer). */
function parseCsvRecord(text: string): string[] {
  const fields: string[] = [];
  let i = 0;
  for (;;) {
    let field = '';
    if (text[i] === '"') {
      i++;
      for (;;) {
        if (text[i] === '"' && text[i + 1] === '"') {
          field += '"';
          i += 2;
        } else if (text[i] === '"') {
          i++;
          break;
        } else field += text[i++];
      }
    } else while (text[i] !== ',' && text[i] !== '\r') field += text[i++];
    fields.push(field);
    if (text[i] === ',') i++;
    else if (text.slice(i) === '\r\n') return fields;
    else throw new Error(`unexpected ${JSON.stringify(text.slice(i))}`);
  }
}
