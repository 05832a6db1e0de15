import { flushSync } from 'react-dom';
import { RouterProvider, type createBrowserRouter } from 'react-router';

type DataRouter = ReturnType<typeof createBrowserRouter>;

/**
 * The app's RouterProvider, with ReactDOM's flushSync so a navigation can ask to be on screen at once
 * (`navigate(to, { flushSync: true })`) instead of waiting in a transition, e.g. for a lazy page's chunk. Logging out
 * needs that: the guarded page must be gone before the session ends (features/auth/hooks/use-logout.ts).
 * react-router/dom's RouterProvider does the same, but under Vitest (Node 20) it loads react-router's CommonJS build
 * beside the ES one the pages use: two router contexts, and useNavigate fails. Hence these few lines.
 */
export function AppRouterProvider({ router }: { router: DataRouter }) {
  return (
    <RouterProvider
      router={router}
      flushSync={(update) => {
        flushSync(update);
      }}
    />
  );
}
