import { ToastContainer } from 'react-toastify/unstyled';
import 'react-toastify/ReactToastify.css';

/** react-toastify's container with its defaults: top right, 5 s, pause on hover and focus loss. */
export default function ToastHost() {
  return <ToastContainer theme="light" />;
}
