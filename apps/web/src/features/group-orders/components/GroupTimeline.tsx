import { Empty, Flex, Timeline, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { isGroupOrderStatus, type GroupOrderEvent } from '@portal/contract/api/group-orders';
import { formatDateTime } from '../../../lib/format';
import { groupStatusTone } from '../model/group-menu';

const TONE_DOT = { success: 'green', warning: 'orange', error: 'red', info: 'gray', primary: 'blue' } as const;

/** The group's history: when, who, what, and the status it moved from and to. */
export function GroupTimeline({ events, dateFormat }: { events: GroupOrderEvent[]; dateFormat: string }) {
  const { t } = useTranslation();
  if (events.length === 0) return <Empty description={t('groups.detail.timelineEmpty')} />;
  const status = (s: string | null) => (s && isGroupOrderStatus(s) ? t(`groups.status.${s}`) : (s ?? '-'));
  const actor = (e: GroupOrderEvent) => (e.actor.name ? `${e.actor.name} (${t(`groups.actor.${e.actor.kind}`)})` : t(`groups.actor.${e.actor.kind}`));
  return (
    <Timeline
      items={events.map((e, i) => ({
        key: `${e.at}-${i}`,
        color: e.to && isGroupOrderStatus(e.to) ? TONE_DOT[groupStatusTone(e.to)] : 'gray',
        content: (
          <Flex vertical gap={2} data-testid="group-event">
            <Typography.Text strong>{t(`groups.event.${e.event}`, { defaultValue: e.event })}</Typography.Text>
            {e.from !== e.to && (e.from || e.to) && (
              <Typography.Text>{e.from ? t('groups.detail.statusChange', { from: status(e.from), to: status(e.to) }) : status(e.to)}</Typography.Text>
            )}
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {formatDateTime(e.at, dateFormat)} · {actor(e)}
            </Typography.Text>
            {/* What the server wrote comes as a message key, so it reads in the user's language; a person's remark as typed. */}
            {e.message ? (
              <Typography.Text>{t(e.message.key, { ...e.message.params, defaultValue: e.remark ?? '' })}</Typography.Text>
            ) : (
              e.remark && <Typography.Text italic>“{e.remark}”</Typography.Text>
            )}
          </Flex>
        ),
      }))}
    />
  );
}
