'use client';

import { useToast } from '@/components/ui/toast';

/** Copy to the clipboard and say so in a toast, or say that it did not work. `what` names it: "Number", "Link". */
export function useCopy() {
  const toast = useToast();
  return (text: string, what: string) =>
    void navigator.clipboard.writeText(text).then(
      () => toast({ tone: 'success', title: `${what} copied` }),
      () => toast({ tone: 'danger', title: `Could not copy the ${what.toLowerCase()}` }),
    );
}
