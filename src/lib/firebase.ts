import { initializeApp } from 'firebase/app';
import {
  browserLocalPersistence,
  browserSessionPersistence,
  connectAuthEmulator,
  indexedDBLocalPersistence,
  initializeAuth,
  type Auth,
} from 'firebase/auth';
import { config } from '../config/env';

let instance: Auth | undefined;

/**
 * The one Firebase Auth instance, created on first use (an event handler or effect), so that
 * importing this module during the build-time prerender starts nothing.
 */
export function firebaseAuth(): Auth {
  if (!instance) {
    const app = initializeApp(config.firebase);
    instance = initializeAuth(app, {
      persistence: [indexedDBLocalPersistence, browserLocalPersistence, browserSessionPersistence],
    });
    if (config.authEmulatorUrl) {
      connectAuthEmulator(instance, config.authEmulatorUrl, { disableWarnings: true });
    }
  }
  return instance;
}

// The rest of the site reaches the identity SDK only through these re-exports, so it can be
// swapped or slimmed here (and a dynamic import of this module keeps firebase/auth tree-shaken).
export {
  applyActionCode,
  browserPopupRedirectResolver,
  checkActionCode,
  confirmPasswordReset,
  createUserWithEmailAndPassword,
  deleteUser,
  EmailAuthProvider,
  GoogleAuthProvider,
  onAuthStateChanged,
  onIdTokenChanged,
  reauthenticateWithCredential,
  reauthenticateWithPopup,
  sendEmailVerification,
  sendPasswordResetEmail,
  signInWithCustomToken,
  signInWithEmailAndPassword,
  signInWithPopup,
  signOut,
  updatePassword,
  updateProfile,
  verifyBeforeUpdateEmail,
  verifyPasswordResetCode,
} from 'firebase/auth';
export type { ActionCodeSettings, IdTokenResult, User } from 'firebase/auth';
