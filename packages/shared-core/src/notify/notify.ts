import { toast, type ToastContent, type ToastOptions, type TypeOptions } from 'react-toastify';

/** Seed §9: bottom-right, info, progress bar on, a close action, 5000 ms. */
export const toastDefaults = {
  position: 'bottom-right',
  type: 'info',
  hideProgressBar: false,
  closeButton: true,
  autoClose: 5000,
} as const satisfies ToastOptions;

type NotifyFn = (message: ToastContent, options?: ToastOptions) => string | number;

function show(type: TypeOptions): NotifyFn {
  return (message, options) => toast(message, { ...toastDefaults, type, ...options });
}

/**
 * `notify(msg)` is an info toast; `notify.error(msg)` is the seed's "negative notification".
 * Going through this wrapper (and not `toast` directly) keeps the seed's defaults on every toast,
 * including toasts from remotes that never see the container's props.
 */
export const notify = Object.assign(show(toastDefaults.type), {
  info: show('info'),
  success: show('success'),
  warning: show('warning'),
  error: show('error'),
  dismiss: (id?: string | number) => toast.dismiss(id),
});
