import { useEffect } from 'react';
import { ToastContainer } from 'react-toastify/unstyled';
import 'react-toastify/ReactToastify.css';
import { markToastHostReady } from './toast';

/**
 * react-toastify's container: top right, 5 s, pause on hover and focus loss (its defaults), and
 * closed by a click (spec section 4; no longer react-toastify's default since version 10).
 */
export default function ToastHost() {
  useEffect(markToastHostReady, []);
  return <ToastContainer theme="light" closeOnClick />;
}
