import { useEffect } from 'react';
import { ToastContainer } from 'react-toastify/unstyled';
import 'react-toastify/ReactToastify.css';
import { markToastHostReady } from './toast';

/** react-toastify's container with its defaults: top right, 5 s, pause on hover and focus loss. */
export default function ToastHost() {
  useEffect(markToastHostReady, []);
  return <ToastContainer theme="light" />;
}
