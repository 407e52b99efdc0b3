'use client';

import type { StaffMember } from '@sendbook/api-contract';
import { createContext, useContext, type ReactNode } from 'react';

/** The signed-in person, for what depends on who you are: "Mine", "Assign to me", whose reply it was. */
const CurrentStaffContext = createContext<StaffMember | null>(null);

export function CurrentStaffProvider({ staff, children }: { staff: StaffMember; children: ReactNode }) {
  return <CurrentStaffContext.Provider value={staff}>{children}</CurrentStaffContext.Provider>;
}

export function useCurrentStaff(): StaffMember {
  const staff = useContext(CurrentStaffContext);
  if (!staff) throw new Error('useCurrentStaff outside the signed-in shell');
  return staff;
}
