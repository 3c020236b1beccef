import { useEffect } from 'react';
import toast, { Toaster, useToasterStore } from 'react-hot-toast';
import { TOAST_LIMIT, TOAST_MAX_WIDTH_PX, TOAST_REMOVE_DELAY_MS } from '#shared/constants';
import { registerServiceWorker } from '../../pwa/register-service-worker';

/**
 * Toasts (spec §2): at most 20 at once, removed 1 s after dismissal, 350 px wide. This chunk loads
 * on every page right after the first paint, so it also registers the service worker (offline
 * tickets) without adding to the home page's initial JavaScript.
 */
export function Notifications() {
  const { toasts } = useToasterStore();
  useEffect(registerServiceWorker, []);
  useEffect(() => {
    const visible = toasts.filter((t) => t.visible);
    for (const extra of visible.slice(TOAST_LIMIT)) toast.dismiss(extra.id);
  }, [toasts]);
  return (
    <Toaster
      position="top-center"
      toastOptions={{ removeDelay: TOAST_REMOVE_DELAY_MS, style: { maxWidth: TOAST_MAX_WIDTH_PX } }}
    />
  );
}
