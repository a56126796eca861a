import { panelChanges } from '../../content/panelWords';
import { ROUTES } from '../../routes';
import { CsrfField } from './PanelForm';

/** The latest change, waiting out its undo window or being carried out: its progress, then `done`. */
export interface UnderWayView {
  id: string;
  summary: string;
  pending: boolean;
  takesEffectLabel: string;
  mails: { sent: number; due: number; failed: number };
  refunds: { made: number; due: number };
  done: boolean;
}

/** A change made before, in a line: when, what (an undoing says so itself), from where. */
export interface HistoryRow {
  id: string;
  atLabel: string;
  summary: string;
  by: 'panel' | 'entorno';
  undone: boolean;
}

/** What the forms start from: the workshop's start as the date field writes it, the recording's link if any. */
export interface FormsView {
  startValue: string;
  recordingUrl: string | null;
}

const routes = {
  date: ROUTES.panelDate.path,
  close: ROUTES.panelClose.path,
  cancel: ROUTES.panelCancel.path,
  recording: ROUTES.panelRecording.path,
  edition: ROUTES.panelEdition.path,
};

export function UnderWayCard({ change, csrf }: { change: UnderWayView; csrf: string }) {
  const words = panelChanges.underWay;
  const nothing = change.mails.due === 0 && change.refunds.due === 0;
  return (
    <section className="card panel__card panel__under-way" aria-labelledby="en-curso">
      <h2 id="en-curso" className="panel__title">
        {change.done ? words.doneHeading : words.heading}
      </h2>
      <p className="panel__lead">{change.summary}</p>
      {change.pending ? (
        <>
          <p>{words.pending(change.takesEffectLabel)}</p>
          <form method="post" action={ROUTES.panelUndo.path} className="panel__form">
            <CsrfField token={csrf} />
            <input type="hidden" name="cambio" value={change.id} />
            <button type="submit" className="btn btn--outline btn--block">
              {words.undo}
            </button>
          </form>
        </>
      ) : (
        <>
          {nothing ? (
            <p>{words.nothingToSend}</p>
          ) : (
            <ul className="panel__list panel__progress">
              {change.mails.due > 0 && <li>{words.mails(change.mails.sent, change.mails.due)}</li>}
              {change.refunds.due > 0 && <li>{words.refunds(change.refunds.made, change.refunds.due)}</li>}
            </ul>
          )}
          {change.mails.failed > 0 && <p className="panel__notice panel__notice--warn">{words.failed(change.mails.failed)}</p>}
          <p className={change.done ? 'panel__done' : 'panel__hint'}>{change.done ? words.done : words.working}</p>
        </>
      )}
    </section>
  );
}

function DateField({ id, name, label, value }: { id: string; name: string; label: string; value?: string }) {
  return (
    <div className="panel__field">
      <label htmlFor={id}>{label}</label>
      <input id={id} name={name} type="datetime-local" defaultValue={value} required />
    </div>
  );
}

/** Each change a form of its own: its fields, what it does, its one button to the preview. */
export function ChangeForms({ forms, csrf }: { forms: FormsView; csrf: string }) {
  const words = panelChanges;
  return (
    <section className="card panel__card" aria-labelledby="cambiar">
      <h2 id="cambiar" className="panel__title">
        {words.heading}
      </h2>
      <p className="panel__hint">{words.lead}</p>
      <div className="panel__changes">
        <form method="post" action={routes.date} className="panel__change">
          <h3 className="panel__subtitle">{words.date.title}</h3>
          <CsrfField token={csrf} />
          <DateField id="fecha-inicio" name="inicio" label={words.date.label} value={forms.startValue} />
          <p className="panel__hint">{words.date.hint}</p>
          <button type="submit" className="btn btn--outline btn--block">
            {words.date.cta}
          </button>
        </form>
        <form method="post" action={routes.recording} className="panel__change">
          <h3 className="panel__subtitle">{words.recording.title}</h3>
          <CsrfField token={csrf} />
          <div className="panel__field">
            <label htmlFor="grabacion-url">{words.recording.label}</label>
            <input id="grabacion-url" name="url" type="url" inputMode="url" defaultValue={forms.recordingUrl ?? undefined} required />
          </div>
          <p className="panel__hint">{words.recording.hint}</p>
          <button type="submit" className="btn btn--outline btn--block">
            {words.recording.cta}
          </button>
        </form>
        <form method="post" action={routes.close} className="panel__change">
          <h3 className="panel__subtitle">{words.close.title}</h3>
          <CsrfField token={csrf} />
          <p className="panel__hint">{words.close.hint}</p>
          <button type="submit" className="btn btn--outline btn--block">
            {words.close.cta}
          </button>
        </form>
        <form method="post" action={routes.edition} className="panel__change">
          <h3 className="panel__subtitle">{words.edition.title}</h3>
          <CsrfField token={csrf} />
          <div className="panel__field">
            <label htmlFor="edicion-nombre">{words.edition.nameLabel}</label>
            <input id="edicion-nombre" name="edicion" type="text" pattern="[a-z0-9][a-z0-9\-]{0,39}" maxLength={40} autoComplete="off" required />
          </div>
          <DateField id="edicion-inicio" name="inicio" label={words.edition.startLabel} />
          <DateField id="edicion-fin" name="fin_preventa" label={words.edition.deadlineLabel} />
          <p className="panel__hint">{words.edition.hint}</p>
          <button type="submit" className="btn btn--outline btn--block">
            {words.edition.cta}
          </button>
        </form>
        <form method="post" action={routes.cancel} className="panel__change panel__change--danger">
          <h3 className="panel__subtitle">{words.cancel.title}</h3>
          <CsrfField token={csrf} />
          <p className="panel__hint">{words.cancel.hint}</p>
          <button type="submit" className="btn btn--outline btn--block">
            {words.cancel.cta}
          </button>
        </form>
      </div>
    </section>
  );
}

export function HistoryCard({ history }: { history: HistoryRow[] }) {
  const words = panelChanges.history;
  return (
    <section className="card panel__card" aria-labelledby="historial">
      <h2 id="historial" className="panel__title">
        {words.heading}
      </h2>
      <ul className="panel__rows">
        {history.map((row) => (
          <li key={`${row.id}-${row.undone ? 'deshecho' : 'hecho'}`} className={row.undone ? 'panel__row panel__row--undone' : 'panel__row'}>
            <strong>{row.summary}</strong>
            <span className="panel__hint">{`${row.atLabel} · ${words.by[row.by]}`}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
