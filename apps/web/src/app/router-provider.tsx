import { flushSync } from 'react-dom';
import { RouterProvider, type createBrowserRouter } from 'react-router';

type DataRouter = ReturnType<typeof createBrowserRouter>;

/**
 * The app's RouterProvider, with ReactDOM's flushSync so a navigation can ask to be on screen at once
 * (`navigate(to, { flushSync: true })`) instead of waiting in a transition, e.g. for a lazy page's chunk. Logging out
 * needs that: the guarded page must be gone before the session ends (features/auth/hooks/use-logout.ts).
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
