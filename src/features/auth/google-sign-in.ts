import {
  browserPopupRedirectResolver,
  firebaseAuth,
  GoogleAuthProvider,
  signInWithPopup,
} from '../../lib/firebase';

/** Google sign-in in a popup (the spec's 500x600 window is the SDK's default). */
export async function signInWithGoogle(): Promise<void> {
  await signInWithPopup(firebaseAuth(), new GoogleAuthProvider(), browserPopupRedirectResolver);
}
