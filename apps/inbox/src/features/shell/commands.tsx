'use client';

import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';

/**
 * Commands features add to the palette while they are on screen (the conversation list adds
 * "Open <contact>"; the composer will add "Send template…"). Navigation commands are the shell's.
 */
export interface PaletteCommand {
  readonly id: string;
  readonly label: string;
  readonly group: string;
  readonly keywords?: readonly string[];
  readonly hint?: string;
  readonly run: () => void;
}

type Setter = (owner: string, commands: readonly PaletteCommand[]) => void;

// Two contexts: the registering side gets a setter that never changes, so registering cannot
// re-render the registrant (a changing setter in an effect's dependencies loops forever).
const CommandsContext = createContext<readonly PaletteCommand[]>([]);
const SetCommandsContext = createContext<Setter>(() => undefined);

export function CommandsProvider({ children }: { children: ReactNode }) {
  const [byOwner, setByOwner] = useState<ReadonlyMap<string, readonly PaletteCommand[]>>(new Map());
  const set = useCallback<Setter>(
    (owner, commands) =>
      setByOwner((current) => {
        if ((current.get(owner) ?? []) === commands || (commands.length === 0 && !current.has(owner))) return current;
        const next = new Map(current);
        if (commands.length === 0) next.delete(owner);
        else next.set(owner, commands);
        return next;
      }),
    [],
  );
  const commands = useMemo(() => [...byOwner.values()].flat(), [byOwner]);
  return (
    <SetCommandsContext.Provider value={set}>
      <CommandsContext.Provider value={commands}>{children}</CommandsContext.Provider>
    </SetCommandsContext.Provider>
  );
}

export function useRegisteredCommands(): readonly PaletteCommand[] {
  return useContext(CommandsContext);
}

/** Offer `commands` in the palette while the calling component is mounted (pass a memoised array). */
export function useCommands(owner: string, commands: readonly PaletteCommand[]): void {
  const set = useContext(SetCommandsContext);
  useEffect(() => {
    set(owner, commands);
    return () => set(owner, []);
  }, [owner, commands, set]);
}
