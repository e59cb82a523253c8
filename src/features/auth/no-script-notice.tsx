/** Signing in runs in the browser; say so plainly when scripts are off. */
export function NoScriptNotice({ action }: { action: string }) {
  return (
    <noscript>
      <p className="alert alert-warning">Please turn on JavaScript to {action}.</p>
    </noscript>
  );
}
