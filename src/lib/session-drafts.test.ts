import { clearSessionDrafts } from './session-drafts';

describe('signing out leaves no session note behind', () => {
  it("removes every note's draft from the tab, and nothing else", () => {
    sessionStorage.setItem('session-note:b1', 'Client spoke about…');
    sessionStorage.setItem('session-note:b2', 'Risk discussed');
    sessionStorage.setItem('something-else', 'kept');
    clearSessionDrafts();
    expect(sessionStorage.getItem('session-note:b1')).toBeNull();
    expect(sessionStorage.getItem('session-note:b2')).toBeNull();
    expect(sessionStorage.getItem('something-else')).toBe('kept');
  });
});
