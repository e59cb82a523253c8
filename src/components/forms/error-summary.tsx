import { useEffect, useRef, type MouseEvent } from 'react';
import './error-summary.css';

export interface FieldProblem {
  /** The id of the control the problem is about (an input, a select, a checkbox). */
  fieldId: string;
  message: string;
}

/**
 * The GOV.UK error summary: "There is a problem" and a link to each field that has one, at the top
 * of a form. It takes focus each time a submit fails (`attempt` counts them), so a screen reader
 * hears the list and a keyboard user is one Tab from the first link.
 */
export function ErrorSummary({
  problems,
  attempt,
}: {
  problems: readonly FieldProblem[];
  attempt: number;
}) {
  const box = useRef<HTMLDivElement>(null);
  const shown = problems.length > 0;

  useEffect(() => {
    if (shown) box.current?.focus();
  }, [attempt, shown]);

  if (!shown) return null;

  // The link moves focus to the field itself (a hash alone scrolls but leaves focus behind).
  const goTo = (event: MouseEvent<HTMLAnchorElement>, fieldId: string) => {
    const field = document.getElementById(fieldId);
    if (!field) return;
    event.preventDefault();
    // The field's group in view, so its label shows above it (jsdom has no scrollIntoView).
    const group = field.closest<HTMLElement>('.mb-3') ?? field;
    if (typeof group.scrollIntoView === 'function') group.scrollIntoView({ block: 'center' });
    field.focus({ preventScroll: true });
  };

  return (
    <div
      ref={box}
      className="error-summary"
      tabIndex={-1}
      aria-labelledby="error-summary-title"
      role="region"
    >
      <h2 id="error-summary-title" className="h5">
        There is a problem
      </h2>
      <ul className="mb-0">
        {problems.map((problem) => (
          <li key={problem.fieldId}>
            <a href={`#${problem.fieldId}`} onClick={(event) => goTo(event, problem.fieldId)}>
              {problem.message}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The message under a field: "Error:" is read out first, as on GOV.UK, and not shown. */
export function FieldError({ id, message }: { id: string; message: string | undefined }) {
  if (!message) return null;
  return (
    <p id={id} className="field-error">
      <span className="visually-hidden">Error:</span> {message}
    </p>
  );
}
