import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError } from '../../lib/api-client';
import { markRiskSeen, recordRiskFollowUp } from './clinical-api';
import { RiskFollowUpForm, RiskFollowUps } from './risk-follow-up';

vi.mock('./clinical-api', () => ({ recordRiskFollowUp: vi.fn(), markRiskSeen: vi.fn() }));
vi.mock('../../lib/firebase', () => ({ firebaseAuth: vi.fn(), signOut: vi.fn() }));

describe('the risk follow-up', () => {
  beforeEach(() => {
    vi.mocked(recordRiskFollowUp).mockReset();
    vi.mocked(markRiskSeen).mockReset();
  });

  it('asks what she did first, focusing the first choice, and keeps what was typed', async () => {
    const user = userEvent.setup();
    render(<RiskFollowUpForm uid="c1" onRecorded={vi.fn()} />);
    await user.type(screen.getByLabelText('What happened (optional)'), 'Phoned her');
    await user.click(screen.getByRole('button', { name: 'Record follow-up' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Choose what you did.');
    expect(screen.getByLabelText('Contacted the client')).toHaveFocus();
    expect(screen.getByLabelText('What happened (optional)')).toHaveValue('Phoned her');
    expect(recordRiskFollowUp).not.toHaveBeenCalled();
  });

  it('records the action and text, marks the answers seen, and says so', async () => {
    const user = userEvent.setup();
    const onRecorded = vi.fn();
    vi.mocked(recordRiskFollowUp).mockResolvedValue({
      id: 'f1',
      action: 'safety-plan',
      text: 'Reviewed together',
      at: '2027-03-01T10:00:00.000Z',
    });
    vi.mocked(markRiskSeen).mockResolvedValue({ marked: 1 });
    render(<RiskFollowUpForm uid="c1" onRecorded={onRecorded} />);
    await user.click(screen.getByLabelText('Made or reviewed a safety plan'));
    await user.type(screen.getByLabelText('What happened (optional)'), 'Reviewed together');
    await user.click(screen.getByRole('button', { name: 'Record follow-up' }));
    expect(recordRiskFollowUp).toHaveBeenCalledWith('c1', {
      action: 'safety-plan',
      text: 'Reviewed together',
    });
    expect(markRiskSeen).toHaveBeenCalledWith('c1');
    expect(onRecorded).toHaveBeenCalledWith(
      'Recorded: made or reviewed a safety plan, Monday 1 March 2027, 10:00. The flag is gone from the diary.',
    );
  });

  it('shows the API’s sentence when it fails, and keeps the choice and the text', async () => {
    const user = userEvent.setup();
    vi.mocked(recordRiskFollowUp).mockRejectedValue(
      new ApiError('There is no client with that id. Open them from the diary.', 404),
    );
    render(<RiskFollowUpForm uid="c1" onRecorded={vi.fn()} />);
    await user.click(screen.getByLabelText('Contacted the client'));
    await user.type(screen.getByLabelText('What happened (optional)'), 'Left a message');
    await user.click(screen.getByRole('button', { name: 'Record follow-up' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('There is no client with that id');
    expect(screen.getByLabelText('Contacted the client')).toBeChecked();
    expect(screen.getByLabelText('What happened (optional)')).toHaveValue('Left a message');
    expect(screen.getByRole('button', { name: 'Record follow-up' })).toBeEnabled();
  });

  it('lists the follow-ups recorded so far', () => {
    render(
      <RiskFollowUps
        followUps={[
          { id: 'f1', action: 'referred', text: 'To the GP', at: '2027-03-02T09:00:00.000Z' },
        ]}
      />,
    );
    expect(screen.getByRole('region', { name: 'Risk follow-ups' })).toHaveTextContent(
      'Tuesday 2 March 2027, 09:00: Referred on (GP, crisis team, other service): To the GP',
    );
  });
});
