import { useCallback, useEffect, useState } from 'react';
import { promptCopy } from '../content';

export interface ToastMessage {
  id: number;
  tone: 'success' | 'destructive';
  title: string;
  description: string;
}

const TOAST_LIFETIME_MS = 5000;

/** One toast at a time; each new one replaces the last and is announced once. */
export function useToast() {
  const [toast, setToast] = useState<ToastMessage | null>(null);
  const show = useCallback((message: Omit<ToastMessage, 'id'>) => {
    setToast((previous) => ({ ...message, id: (previous?.id ?? 0) + 1 }));
  }, []);
  const dismiss = useCallback(() => setToast(null), []);
  useEffect(() => {
    if (!toast) return;
    const timer = setTimeout(dismiss, TOAST_LIFETIME_MS);
    return () => clearTimeout(timer);
  }, [toast, dismiss]);
  return { toast, show, dismiss };
}

function Toast({ toast, onDismiss }: { toast: ToastMessage; onDismiss: () => void }) {
  return (
    <div className={`toast toast--${toast.tone}`}>
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
export function Toaster({ toast, onDismiss }: { toast: ToastMessage | null; onDismiss: () => void }) {
  return (
    <div className="toaster">
      <div role="status" aria-live="polite">
        {toast?.tone === 'success' && <Toast key={toast.id} toast={toast} onDismiss={onDismiss} />}
      </div>
      <div role="alert" aria-live="assertive">
        {toast?.tone === 'destructive' && <Toast key={toast.id} toast={toast} onDismiss={onDismiss} />}
      </div>
    </div>
  );
}
