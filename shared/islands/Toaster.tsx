import { useCallback, useEffect, useState } from 'react';
import { promptCopy } from '../content';

export interface ToastMessage {
  id: number;
  tone: 'success' | 'destructive';
  title: string;
  description: string;
}

const TOAST_LIFETIME_MS = 5000;

/** What keeps a toast on screen past its lifetime: the pointer over it, or focus inside it. */
export type ToastHold = 'pointer' | 'focus';

/**
 * One toast at a time; each new one replaces the last and is announced once. It goes by itself after its lifetime,
 * which stops while the visitor points at it or has focus in it (time enough to read it, or to reach its close
 * button by keyboard) and starts again in full once they leave.
 */
export function useToast() {
  const [toast, setToast] = useState<ToastMessage | null>(null);
  const [holds, setHolds] = useState<ReadonlySet<ToastHold>>(new Set());
  const show = useCallback((message: Omit<ToastMessage, 'id'>) => {
    setToast((previous) => ({ ...message, id: (previous?.id ?? 0) + 1 }));
    setHolds(new Set());
  }, []);
  // A toast removed under the pointer or with focus inside reports no leave: its holds go with it.
  const dismiss = useCallback(() => {
    setToast(null);
    setHolds(new Set());
  }, []);
  const hold = useCallback((reason: ToastHold, held: boolean) => {
    setHolds((current) => {
      if (current.has(reason) === held) return current;
      const next = new Set(current);
      if (held) next.add(reason);
      else next.delete(reason);
      return next;
    });
  }, []);
  const held = holds.size > 0;
  useEffect(() => {
    if (!toast || held) return;
    const timer = setTimeout(dismiss, TOAST_LIFETIME_MS);
    return () => clearTimeout(timer);
  }, [toast, held, dismiss]);
  return { toast, show, dismiss, hold };
}

interface ToastProps {
  toast: ToastMessage;
  onDismiss: () => void;
  onHold: (reason: ToastHold, held: boolean) => void;
}

function Toast({ toast, onDismiss, onHold }: ToastProps) {
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: pointing at the toast only pauses its lifetime; it does nothing else
    <div
      className={`toast toast--${toast.tone}`}
      onMouseEnter={() => onHold('pointer', true)}
      onMouseLeave={() => onHold('pointer', false)}
      onFocus={() => onHold('focus', true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) onHold('focus', false);
      }}
    >
      <div className="toast__text">
        <p className="toast__title">{toast.title}</p>
        <p className="toast__description">{toast.description}</p>
      </div>
      <button type="button" className="toast__close" aria-label={promptCopy.dismiss} onClick={onDismiss}>
        ×
      </button>
    </div>
  );
}

/**
 * Both live regions are in the page from the first render, empty, so a toast inserted later is announced:
 * success politely, failure at once.
 */
export function Toaster({ toast, onDismiss, onHold }: { toast: ToastMessage | null } & Omit<ToastProps, 'toast'>) {
  return (
    <div className="toaster">
      <div role="status" aria-live="polite">
        {toast?.tone === 'success' && <Toast key={toast.id} toast={toast} onDismiss={onDismiss} onHold={onHold} />}
      </div>
      <div role="alert" aria-live="assertive">
        {toast?.tone === 'destructive' && <Toast key={toast.id} toast={toast} onDismiss={onDismiss} onHold={onHold} />}
      </div>
    </div>
  );
}
