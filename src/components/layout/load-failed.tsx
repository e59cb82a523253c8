import Button from 'react-bootstrap/Button';

/** A read that did not arrive: the reason as a sentence, and "Try again". */
export function LoadFailed({
  message,
  onRetry,
  variant = 'danger',
}: {
  message: string;
  onRetry: () => void;
  variant?: 'danger' | 'warning';
}) {
  return (
    <div className={`alert alert-${variant}`}>
      {message}{' '}
      <Button variant="link" className="p-0 align-baseline" onClick={onRetry}>
        Try again
      </Button>
    </div>
  );
}
