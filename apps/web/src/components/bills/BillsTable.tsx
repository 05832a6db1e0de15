import { Typography } from 'antd';
import { formatDateTime } from '../../lib/format';

/** An absent value in a bills table or summary. */
export const Dash = () => <Typography.Text type="secondary">—</Typography.Text>;

/** A date and time on one line, in the user's format. */
export function DateTimeCell({ value, dateFormat }: { value: string; dateFormat: string }) {
  return <span style={{ whiteSpace: 'nowrap' }}>{formatDateTime(value, dateFormat)}</span>;
}

/** A reference the user may copy; `ellipsis` for the long ones, cut to the column with the whole text on hover. */
export function CopyableCell({ value, ellipsis = false }: { value: string | null; ellipsis?: boolean }) {
  if (!value) return <Dash />;
  return ellipsis ? (
    <Typography.Text copyable={{ text: value }} ellipsis={{ tooltip: value }} style={{ maxWidth: 180 }}>
      {value}
    </Typography.Text>
  ) : (
    <Typography.Text copyable={{ text: value }}>{value}</Typography.Text>
  );
}
