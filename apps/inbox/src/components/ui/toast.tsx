'use client';

import { Toast as Radix } from 'radix-ui';
import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { Icon } from './icon';
import styles from './toast.module.css';

export interface ToastMessage {
  title: string;
  description?: string;
  tone?: 'info' | 'success' | 'warning' | 'danger';
}

type Shown = ToastMessage & { id: number };

const ToastContext = createContext<(message: ToastMessage) => void>(() => undefined);

/** Passing news that needs no answer ("Couldn't refresh"); errors that block work use a Callout instead. */
export function useToast(): (message: ToastMessage) => void {
  return useContext(ToastContext);
}

let nextId = 1;

export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<Shown[]>([]);
  const show = useCallback((message: ToastMessage) => setToasts((list) => [...list.slice(-3), { ...message, id: nextId++ }]), []);
  const value = useMemo(() => show, [show]);
  return (
    <ToastContext.Provider value={value}>
      <Radix.Provider swipeDirection="right" duration={6000} label="Notification">
        {children}
        {toasts.map((toast) => (
          <Radix.Root
            key={toast.id}
            className={styles.toast}
            data-tone={toast.tone ?? 'info'}
            type={toast.tone === 'danger' ? 'foreground' : 'background'}
            onOpenChange={(open) => {
              if (!open) setToasts((list) => list.filter((t) => t.id !== toast.id));
            }}
          >
            <Radix.Title className={styles.title}>{toast.title}</Radix.Title>
            {toast.description ? <Radix.Description className={styles.description}>{toast.description}</Radix.Description> : null}
            <Radix.Close className={styles.close} aria-label="Dismiss">
              <Icon name="x" size={14} />
            </Radix.Close>
          </Radix.Root>
        ))}
        <Radix.Viewport className={styles.viewport} />
      </Radix.Provider>
    </ToastContext.Provider>
  );
}
