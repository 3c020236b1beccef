import toast from 'react-hot-toast';

/** The error toasts on screen, so a success can take them away: the problem they named is solved. */
const errorIds = new Set<string>();

/**
 * Toasts that replace rather than pile up (docs/web.md#messages-toasts-money-and-connections): each kind and
 * message has one toast id, so the same message shown again refreshes its toast instead of adding another; a
 * success clears the errors before it. Distinct messages still stack, up to the spec's limit (§2.6, at most
 * 20 at once, kept by `Notifications`).
 */
export const notify = {
  success(message: string): string {
    for (const id of errorIds) toast.dismiss(id);
    errorIds.clear();
    return toast.success(message, { id: `success:${message}` });
  },
  error(message: string): string {
    const id = `error:${message}`;
    errorIds.add(id);
    return toast.error(message, { id });
  },
};
