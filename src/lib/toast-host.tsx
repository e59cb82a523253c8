import { useEffect } from 'react';
import { toast, ToastContainer } from 'react-toastify/unstyled';
import 'react-toastify/ReactToastify.css';
import { markToastHostReady } from './toast';

const CONTAINER = '.Toastify';

/**
 * Toasts wait while the keyboard is in them, as they do under the pointer: a visitor who tabs to
 * a toast (or jumps there with react-toastify's Alt+T) has time to read it and reach its close button.
 */
function pauseWhileFocused(): () => void {
  const inToasts = (target: EventTarget | null) =>
    target instanceof Element && target.closest(CONTAINER) !== null;
  const onFocusIn = (event: FocusEvent) => {
    if (inToasts(event.target)) toast.pause();
  };
  const onFocusOut = (event: FocusEvent) => {
    if (inToasts(event.target) && !inToasts(event.relatedTarget)) toast.play();
  };
  // A toast starts its clock when it has slid in, even with the keyboard already in it.
  const onSlidIn = (event: AnimationEvent) => {
    if (inToasts(event.target) && inToasts(document.activeElement)) toast.pause();
  };
  document.addEventListener('focusin', onFocusIn);
  document.addEventListener('focusout', onFocusOut);
  document.addEventListener('animationend', onSlidIn);
  return () => {
    document.removeEventListener('focusin', onFocusIn);
    document.removeEventListener('focusout', onFocusOut);
    document.removeEventListener('animationend', onSlidIn);
  };
}

/**
 * react-toastify's container: top right, 5 s, pause on hover and focus loss (its defaults), and
 * closed by a click (spec section 4; no longer react-toastify's default since version 10).
 */
export default function ToastHost() {
  useEffect(markToastHostReady, []);
  useEffect(pauseWhileFocused, []);
  return <ToastContainer theme="light" closeOnClick />;
}
