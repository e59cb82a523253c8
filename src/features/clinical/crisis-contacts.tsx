import { practiceFacts } from '../../../shared/practice';

/**
 * Who to contact now, shown the moment a client answers a risk item above "Not at all": before
 * they submit, on the same page, without taking their place in the form.
 */
export function CrisisContacts({ id }: { id?: string }) {
  return (
    <section
      id={id}
      className="alert alert-warning crisis-contacts"
      aria-labelledby={`${id ?? 'crisis'}-heading`}
    >
      <h2 id={`${id ?? 'crisis'}-heading`} className="h5">
        If you are thinking of ending your life or harming yourself, please talk to someone now
      </h2>
      <ul className="mb-2">
        <li>
          <strong>Samaritans</strong>, any time, free: call <a href="tel:116123">116 123</a>
        </li>
        <li>
          <strong>NHS 111</strong>: call <a href="tel:111">111</a> and choose option 2 for mental
          health crisis support
        </li>
        <li>
          <strong>In an emergency</strong>, or if you might act on these thoughts: call{' '}
          <a href="tel:999">999</a>
        </li>
        <li>
          <strong>{practiceFacts.name}</strong>:{' '}
          <a href={`tel:${practiceFacts.phone.international}`}>{practiceFacts.phone.display}</a> (in
          working hours)
        </li>
      </ul>
      <p className="mb-0">
        When you send this questionnaire, {practiceFacts.practitioner} is told that your answers
        need her attention today.
      </p>
    </section>
  );
}
