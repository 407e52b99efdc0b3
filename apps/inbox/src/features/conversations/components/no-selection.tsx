import { Kbd } from '@/components/ui/kbd';
import { State } from '@/components/ui/state';

/** The right pane before a conversation is picked. */
export function NoConversationSelected() {
  return (
    <State icon="inbox" title="Pick a conversation">
      Choose one from the list, or press <Kbd>J</Kbd> and <Kbd>↵</Kbd>. <Kbd>⌘</Kbd> <Kbd>K</Kbd> jumps to anyone by name or number.
    </State>
  );
}
