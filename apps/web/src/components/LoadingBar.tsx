import { theme } from 'antd';
import { useApiLoading } from '../lib/loading';

/** A thin bar at the very top while any request is in flight (spec point 7's loading flag). */
export function LoadingBar() {
  const loading = useApiLoading();
  const { token } = theme.useToken();
  return (
    <div
      role="progressbar"
      aria-hidden={!loading}
      aria-busy={loading}
      style={{
        position: 'fixed',
        top: 0,
        left: 0,
        height: 3,
        zIndex: 2000,
        background: token.colorPrimary,
        width: loading ? '80%' : '100%',
        opacity: loading ? 1 : 0,
        transition: loading ? 'width 8s cubic-bezier(0.1, 0.7, 0.2, 1), opacity 0.1s' : 'width 0.2s, opacity 0.4s 0.2s',
        pointerEvents: 'none',
      }}
    />
  );
}
