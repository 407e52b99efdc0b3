import { DEFAULT_TEMPLATES } from './default-templates.js';
import { bodyPlaceholders, headerExpectation, placeholders } from './template-params.js';

describe('template placeholders', () => {
  it.each([
    ['Hi {{1}}, order {{2}} ships {{3}}', ['1', '2', '3']],
    ['{{1}} and {{1}} again', ['1']],
    ['Dear {{first_name}}, on {{ day }}', ['first_name', 'day']],
    ['No params', []],
  ])('%j → %j', (text, names) => {
    expect(placeholders(text)).toEqual(names);
  });

  it('reads header and body expectations from the catalogue', () => {
    const byName = (name: string) => DEFAULT_TEMPLATES.find((t) => t.name === name);
    const reservation = byName('reservation_confirmation');
    const reminder = byName('appointment_reminder');
    if (!reservation || !reminder) throw new Error('default templates changed');
    expect(headerExpectation(reservation)).toEqual({ kind: 'media', format: 'image' });
    expect(bodyPlaceholders(reservation)).toEqual(['number_of_guests', 'day', 'date', 'time']);
    expect(headerExpectation(reminder)).toEqual({ kind: 'text', names: ['first_name'] });
  });
});
