// The stylesheet is imported here so that only the bundle that mounts the container pulls it in.
import 'react-toastify/dist/ReactToastify.css';
import { ToastContainer } from 'react-toastify';
import { toastDefaults } from './notify';

// `type` is a per-toast option, not a container prop; notify() applies it to each toast.
const { type: _type, ...containerDefaults } = toastDefaults;

/** Mounted once by the host; every bundle's notify() lands here. */
export function NotificationsContainer() {
  return <ToastContainer {...containerDefaults} />;
}
