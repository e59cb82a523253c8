import Button from 'react-bootstrap/Button';
import { NoScriptNotice } from './no-script-notice';

/** The top of both account forms: 'Continue With Google', then the spec's 'OR' divider. */
export function GoogleChoice({
  action,
  disabled,
  onChoose,
}: {
  action: string;
  disabled: boolean;
  onChoose: () => void;
}) {
  return (
    <>
      <NoScriptNotice action={action} />
      <Button variant="outline-success" className="w-100" disabled={disabled} onClick={onChoose}>
        Continue With Google
      </Button>
      <p className="divider" aria-hidden="true">
        OR
      </p>
    </>
  );
}
