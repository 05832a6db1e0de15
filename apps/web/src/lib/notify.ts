import type { MessageInstance } from 'antd/es/message/interface';

/**
 * Toasts from outside React (API client, session) go through the instance of antd's <App>, so they follow the
 * theme and locale; antd's static API is the fallback before the full app mounts (the public landing page renders
 * without antd: the static API is loaded on the first toast, issue 14).
 */
let instance: MessageInstance | null = null;

export const TOAST_MS = 3000;

export function setMessageInstance(next: MessageInstance | null): void {
  instance = next;
}

function show(run: (api: MessageInstance) => void): void {
  if (instance) return run(instance);
  void import('./static-message').then(({ message }) => run(instance ?? message));
}

export const notify = {
  success: (content: string) => show((api) => void api.success({ content, duration: TOAST_MS / 1000 })),
  info: (content: string) => show((api) => void api.info({ content, duration: TOAST_MS / 1000 })),
  warning: (content: string) => show((api) => void api.warning({ content, duration: TOAST_MS / 1000 })),
  error: (content: string, key?: string) => show((api) => void api.error({ content, key, duration: TOAST_MS / 1000 })),
};
