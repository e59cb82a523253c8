import { loadFirebase } from '../../lib/load-firebase';

/** Google sign-in in a popup (the spec's 500x600 window is the SDK's default). */
export async function signInWithGoogle(): Promise<void> {
  // Loaded by the page's session by the time anyone clicks, so the popup still opens within the
  // click's user activation.
  const { browserPopupRedirectResolver, firebaseAuth, GoogleAuthProvider, signInWithPopup } =
    await loadFirebase();
  await signInWithPopup(firebaseAuth(), new GoogleAuthProvider(), browserPopupRedirectResolver);
}
