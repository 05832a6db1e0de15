import { App, message as staticMessage } from 'antd';

type MessageInstance = ReturnType<typeof App.useApp>['message'];

/**
 * Toasts from outside React (API client, session) go through the instance of antd's <App>, so they follow the
 * theme and locale; the static API is the fallback before the app mounts.
 */
let instance: MessageInstance | null = null;

export const TOAST_MS = 3000;

export function setMessageInstance(next: MessageInstance | null): void {
  instance = next;
}

function api(): MessageInstance {
  return instance ?? staticMessage;
}

export const notify = {
  success: (content: string) => void api().success({ content, duration: TOAST_MS / 1000 }),
  info: (content: string) => void api().info({ content, duration: TOAST_MS / 1000 }),
  warning: (content: string) => void api().warning({ content, duration: TOAST_MS / 1000 }),
  error: (content: string, key?: string) => void api().error({ content, key, duration: TOAST_MS / 1000 }),
};
