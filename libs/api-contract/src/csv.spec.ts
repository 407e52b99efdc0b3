import { CsvParser, parseCsv } from './csv.js';

describe('parseCsv', () => {
  it.each([
    [
      'a,b\n1,2\n',
      [
        ['a', 'b'],
        ['1', '2'],
      ],
      [1, 2],
    ],
    [
      'a,b\r\n1,2',
      [
        ['a', 'b'],
        ['1', '2'],
      ],
      [1, 2],
    ],
    ['\ufeffa\n\n"x, ""y""",z\n', [['a'], ['x, "y"', 'z']], [1, 3]],
    ['a\n"two\nlines",b\nc', [['a'], ['two\nlines', 'b'], ['c']], [1, 2, 4]],
  ])('%j', (text, fields, lines) => {
    const { records, problem } = parseCsv(text);
    expect(problem).toBeNull();
    expect(records.map((r) => r.fields)).toEqual(fields);
    expect(records.map((r) => r.line)).toEqual(lines);
  });

  it('an unclosed quote names the line its record starts on', () => {
    expect(parseCsv('a\n1\n"open,2\n').problem).toEqual({ line: 3, reason: 'a quoted field is never closed' });
  });

  it('read a slice at a time, whatever the slices, it gives what one pass gives', () => {
    const text = '\ufeffto,name\r\n+1650,"Ada ""A"", Jr."\n\n+1651,"two\nlines"\r\n+1652,x\n"open';
    const whole = parseCsv(text);
    const stepsBySize: number[] = [];
    for (let size = 1; size <= text.length; size++) {
      const parser = new CsvParser(text);
      let steps = 0;
      while (!parser.step(size)) steps++;
      expect({ size, ...parser.result() }).toEqual({ size, ...whole });
      stepsBySize.push(steps);
    }
    // A slice shorter than half the text leaves work for a later step.
    expect(stepsBySize.slice(0, Math.floor(text.length / 2) - 1).filter((steps) => steps === 0)).toEqual([]);
    expect(whole.problem).toEqual({ line: 7, reason: 'a quoted field is never closed' });
  });
});
