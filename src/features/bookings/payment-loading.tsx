const SPINNER_VARIANTS = ['success', 'primary', 'secondary', 'dark'] as const;

/** The spec's checkout screen below its heading, shown while the booking section loads. */
export function PaymentLoading() {
  return (
    <div className="text-center">
      <p role="status">Going to the payment section</p>
      <div className="spinner-row" aria-hidden="true">
        {SPINNER_VARIANTS.map((variant) => (
          <div key={variant} className={`spinner-grow text-${variant}`} />
        ))}
      </div>
    </div>
  );
}
