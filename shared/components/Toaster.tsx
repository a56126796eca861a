import { promptCopy } from '../content/promptPageWords';

type ToastTone = 'success' | 'destructive';

const MESSAGES: Record<ToastTone, { title: string; description: string }> = {
  success: promptCopy.toastSuccess,
  destructive: promptCopy.toastError,
};

function Toast({ tone }: { tone: ToastTone }) {
  const { title, description } = MESSAGES[tone];
  return (
    <div className={`toast toast--${tone}`}>
      <div className="toast__text">
        <p className="toast__title">{title}</p>
        <p className="toast__description">{description}</p>
      </div>
      <button type="button" className="toast__close" aria-label={promptCopy.dismiss}>
        ×
      </button>
    </div>
  );
}

/**
 * Both live regions are in the page from the start, empty, so a toast put in later is announced: success politely,
 * failure at once. Each toast waits in a template of its tone, for the page's script to show (client/copyButtons.ts).
 */
export function Toaster() {
  return (
    <div className="toaster">
      <div role="status" aria-live="polite" data-toasts="success" />
      <div role="alert" aria-live="assertive" data-toasts="destructive" />
      {(['success', 'destructive'] as const).map((tone) => (
        <template key={tone} data-toast={tone}>
          <Toast tone={tone} />
        </template>
      ))}
    </div>
  );
}
