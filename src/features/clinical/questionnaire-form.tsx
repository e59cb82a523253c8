import { useEffect, useRef, useState, type FormEvent } from 'react';
import Button from 'react-bootstrap/Button';
import {
  QUESTIONNAIRES,
  scaleOf,
  type InstrumentId,
  type QuestionnaireResult,
} from '../../../shared/questionnaires';
import { errorSentence } from '../../lib/api';
import { submitQuestionnaire } from './clinical-api';
import { CrisisContacts } from './crisis-contacts';

/**
 * One questionnaire, every item on one page. For a distressed reader one page is kinder than one
 * question per screen: they see at once how short it is, can look back and change an answer
 * without losing their place, and nothing moves under them; the help shows as soon as a risk
 * item is answered, beside it.
 */
export function QuestionnaireForm({
  instrument: id,
  onSent,
}: {
  instrument: InstrumentId;
  onSent: (result: QuestionnaireResult) => void;
}) {
  const instrument = QUESTIONNAIRES[id];
  const [answers, setAnswers] = useState<(number | undefined)[]>(() =>
    instrument.items.map(() => undefined),
  );
  const [pending, setPending] = useState(false);
  const [problem, setProblem] = useState<string | undefined>(undefined);
  const risk = instrument.riskItems.some((item) => (answers[item - 1] ?? 0) > 0);
  const missing = answers.findIndex((answer) => answer === undefined);
  const slug = id.toLowerCase();
  const heading = useRef<HTMLHeadingElement>(null);

  // Opened from the list: the reader starts at the questionnaire's title.
  useEffect(() => heading.current?.focus(), []);

  const send = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (missing !== -1) {
      setProblem(`Answer question ${missing + 1} too, then send.`);
      document.getElementById(`${slug}-q${missing + 1}-0`)?.focus();
      return;
    }
    setPending(true);
    setProblem(undefined);
    try {
      onSent(await submitQuestionnaire({ instrument: id, answers: answers as number[] }));
    } catch (error) {
      setProblem(errorSentence(error));
      setPending(false);
    }
  };

  return (
    <form onSubmit={(event) => void send(event)} aria-labelledby={`${slug}-title`} noValidate>
      <h2 id={`${slug}-title`} ref={heading} tabIndex={-1}>
        {instrument.title}
      </h2>
      <p>{instrument.stem}</p>
      <ol className="questionnaire-items list-unstyled">
        {instrument.items.map((item, index) => {
          const number = index + 1;
          const isRisk = instrument.riskItems.includes(number);
          return (
            <li key={item} className="questionnaire-item">
              <fieldset>
                <legend className="fs-6 fw-semibold">
                  {number}. {item}
                </legend>
                <div className="questionnaire-scale">
                  {scaleOf(instrument, number).map((label, value) => {
                    const inputId = `${slug}-q${number}-${value}`;
                    return (
                      <div className="form-check" key={label}>
                        <input
                          className="form-check-input"
                          type="radio"
                          id={inputId}
                          name={`${slug}-q${number}`}
                          value={value}
                          checked={answers[index] === value}
                          onChange={() =>
                            setAnswers((given) =>
                              given.map((old, at) => (at === index ? value : old)),
                            )
                          }
                        />
                        <label className="form-check-label" htmlFor={inputId}>
                          {label}
                        </label>
                      </div>
                    );
                  })}
                </div>
              </fieldset>
              {isRisk && (answers[index] ?? 0) > 0 && <CrisisContacts id={`${slug}-help`} />}
            </li>
          );
        })}
      </ol>
      <p role="status" className={problem ? 'text-danger' : 'visually-hidden'}>
        {problem}
      </p>
      {risk && <p className="small">The contacts above are there whenever you need them.</p>}
      <Button type="submit" variant="success" disabled={pending}>
        {pending ? 'Sending…' : 'Send my answers'}
      </Button>
    </form>
  );
}
