import { snippetVariables, unknownSnippetVariables } from './snippet-variables.js';

describe('snippet variables', () => {
  it('lists the variables a text names, once each, spaces inside the braces allowed', () => {
    expect(snippetVariables('Hi {{contact.name}}, your order {{ last_message.trigger_ref }} ships today. {{contact.name}}, thanks! {{agent.name}}')).toEqual([
      'contact.name',
      'last_message.trigger_ref',
      'agent.name',
    ]);
    expect(snippetVariables('No variables here, {not one}.')).toEqual([]);
  });

  it('names what is no variable', () => {
    expect(unknownSnippetVariables('{{contact.email}} and {{contact.phone}} and {{}}')).toEqual(['contact.email', '']);
    expect(unknownSnippetVariables('{{contact.phone}}')).toEqual([]);
  });
});
