import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { LoadFailed } from './load-failed';

describe('LoadFailed', () => {
  it('says why, and Try again calls back', async () => {
    const user = userEvent.setup();
    const onRetry = vi.fn();
    render(<LoadFailed message="The diary could not be loaded." onRetry={onRetry} />);
    expect(screen.getByText(/The diary could not be loaded\./)).toHaveClass('alert-danger');
    expect(onRetry).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });

  it('can be a warning', () => {
    render(
      <LoadFailed message="Free times could not be loaded." onRetry={() => {}} variant="warning" />,
    );
    expect(screen.getByText(/Free times could not be loaded\./)).toHaveClass('alert-warning');
  });
});
