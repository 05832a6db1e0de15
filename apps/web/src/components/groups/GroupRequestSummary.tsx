import { Card, Descriptions, Flex, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { PASSENGER_TYPES } from '@portal/contract/api/shopping';
import type { GroupRequest } from '@portal/contract/api/group-orders';
import { placeLabel } from '../flight/place-labels';
import { formatDate } from '../../lib/format';

type Shown = Pick<GroupRequest, 'tripType' | 'journeys' | 'passengers' | 'cabin' | 'contact' | 'remark'>;

/** A group request as the agency will send it: journeys with their remarks and switches, travellers, contact. */
export function GroupRequestSummary({ request, dateFormat }: { request: Shown; dateFormat: string }) {
  const { t } = useTranslation();
  const yesNo = (v: boolean) => (v ? t('groups.common.yes') : t('groups.common.no'));
  return (
    <Flex vertical gap={12}>
      <Card size="small" title={t('groups.booking.journeys')} extra={<Tag>{t(`groups.tripType.${request.tripType}`)}</Tag>}>
        <Flex vertical gap={12}>
          {request.journeys.map((j, i) => (
            <Descriptions
              key={i}
              size="small"
              bordered
              column={{ xs: 1, md: 2 }}
              title={t('groups.booking.journeyN', { n: i + 1 })}
              data-testid="summary-journey"
              items={[
                { key: 'route', label: t('groups.booking.route'), children: `${placeLabel(j.origin)} → ${placeLabel(j.destination)}` },
                { key: 'date', label: t('groups.booking.date'), children: formatDate(j.date, dateFormat) },
                { key: 'isChangeDate', label: t('groups.booking.isChangeDate'), children: yesNo(j.isChangeDate) },
                { key: 'acceptChangeFlight', label: t('groups.booking.acceptChangeFlight'), children: yesNo(j.acceptChangeFlight) },
                { key: 'remark', label: t('groups.booking.journeyRemark'), children: j.remark || '-', span: 'filled' },
              ]}
            />
          ))}
        </Flex>
      </Card>
      <Card size="small" title={t('groups.booking.travellers')}>
        <Descriptions
          size="small"
          column={{ xs: 1, sm: 2, md: 4 }}
          items={[
            ...PASSENGER_TYPES.map((p) => ({ key: p, label: t(`groups.passengerType.${p}`), children: <span data-testid={`count-${p}`}>{request.passengers[p]}</span> })),
            { key: 'cabin', label: t('groups.booking.cabin'), children: t(`groups.cabin.${request.cabin}`) },
          ]}
        />
      </Card>
      <Card size="small" title={t('groups.booking.contact')}>
        <Descriptions
          size="small"
          column={{ xs: 1, md: 2 }}
          items={[
            { key: 'name', label: t('groups.contact.name'), children: request.contact.name },
            { key: 'email', label: t('groups.contact.email'), children: request.contact.email },
            { key: 'phone', label: t('groups.contact.phone'), children: `+${request.contact.areaCode} ${request.contact.phone}` },
            { key: 'remark', label: t('groups.booking.remark'), children: request.remark ? <Typography.Text>{request.remark}</Typography.Text> : '-' },
          ]}
        />
      </Card>
    </Flex>
  );
}
