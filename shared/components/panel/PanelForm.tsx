import type { ReactNode } from 'react';

/** The field every panel form carries: the CSRF token its POST is checked against (server/panel/panelGuard.ts). */
export const CSRF_FIELD = 'csrf';

export function CsrfField({ token }: { token: string }) {
  return <input type="hidden" name={CSRF_FIELD} value={token} />;
}

/** A form that posts to the panel: its token, its hidden values, its one button. */
export function PanelForm({
  action,
  csrf,
  fields = {},
  button,
  tone = 'primary',
  children,
}: {
  action: string;
  csrf: string;
  fields?: Record<string, string>;
  button: string;
  tone?: 'primary' | 'outline' | 'ghost';
  children?: ReactNode;
}) {
  return (
    <form method="post" action={action} className="panel__form">
      <CsrfField token={csrf} />
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      {children}
      <button type="submit" className={`btn btn--${tone} btn--block`}>
        {button}
      </button>
    </form>
  );
}
