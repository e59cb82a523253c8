import { act, renderHook } from '@testing-library/react';
import { useAuthAction } from './use-auth-action';

describe('useAuthAction', () => {
  it('runs one request at a time and turns failures into a sentence', async () => {
    const { result } = renderHook(() => useAuthAction());
    let finish!: () => void;
    const slow = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    let first!: Promise<boolean>;
    act(() => {
      first = result.current.run(slow);
    });
    expect(result.current.pending).toBe(true);
    let second!: boolean;
    await act(async () => {
      second = await result.current.run(slow);
    });
    expect(second).toBe(false);
    expect(slow).toHaveBeenCalledTimes(1);
    await act(async () => {
      finish();
      expect(await first).toBe(true);
    });
    expect(result.current.pending).toBe(false);

    await act(async () => {
      await result.current.run(() =>
        Promise.reject(Object.assign(new Error('x'), { code: 'auth/too-many-requests' })),
      );
    });
    expect(result.current.error).toMatch(/^Too many attempts/);
  });
});
