'use client';

import { createContext, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';

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

type Registry = { readonly commands: readonly PaletteCommand[]; readonly set: (owner: string, commands: readonly PaletteCommand[]) => void };

const CommandsContext = createContext<Registry>({ commands: [], set: () => undefined });

export function CommandsProvider({ children }: { children: ReactNode }) {
  const [byOwner, setByOwner] = useState<ReadonlyMap<string, readonly PaletteCommand[]>>(new Map());
  const registry = useMemo<Registry>(
    () => ({
      commands: [...byOwner.values()].flat(),
      set: (owner, commands) =>
        setByOwner((current) => {
          const next = new Map(current);
          if (commands.length === 0) next.delete(owner);
          else next.set(owner, commands);
          return next;
        }),
    }),
    [byOwner],
  );
  return <CommandsContext.Provider value={registry}>{children}</CommandsContext.Provider>;
}

export function useRegisteredCommands(): readonly PaletteCommand[] {
  return useContext(CommandsContext).commands;
}

/** Offer `commands` in the palette while the calling component is mounted. */
export function useCommands(owner: string, commands: readonly PaletteCommand[]): void {
  const { set } = useContext(CommandsContext);
  useEffect(() => {
    set(owner, commands);
    return () => set(owner, []);
  }, [owner, commands, set]);
}
