import Spinner from 'react-bootstrap/Spinner';

const SPINNER_VARIANTS = ['success', 'primary', 'secondary', 'dark'] as const;

/** The spec's 'Loading...' screen with four spinners, shown while an auth action runs. */
export function LoadingScreen({ label = 'Loading...' }: { label?: string }) {
  return (
    <div className="loading-screen" role="status" aria-live="polite">
      <div className="spinner-row" aria-hidden="true">
        {SPINNER_VARIANTS.map((variant) => (
          <Spinner key={variant} animation="border" variant={variant} />
        ))}
      </div>
      <p className="fs-5 m-0">{label}</p>
    </div>
  );
}
