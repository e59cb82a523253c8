/** The spec's bold, red, centred 'Error: …' line, announced as soon as it appears. */
export function AuthErrorText({ id, message }: { id: string; message: string | null }) {
  return (
    <div id={id} role="alert" className="auth-error my-2">
      {message ? `Error: ${message}` : null}
    </div>
  );
}
