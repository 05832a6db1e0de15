import { useState } from 'react';
import { Button, Card, Col, Form, Row, Tooltip } from 'antd';
import { SearchOutlined, SwapOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { DEFAULT_DATE_FORMAT } from '@portal/contract/api/auth';
import { TRAIN_PRESALE_DAYS } from '@portal/contract/api/trains';
import { StationPicker } from '../../../components/train/StationPicker';
import { TravelDatePicker } from '../../../components/flight/TravelDatePicker';
import { chinaToday } from '../../../components/train/train-dates';
import { formatDate, toDayjsFormat } from '../../../lib/format';
import { useSession } from '../../../lib/session';
import '../train.css';
import { presaleEnd, validateDraft, type DraftErrors, type TrainDraft } from '../model/search-url';

interface Props {
  initialDraft: TrainDraft;
  busy: boolean;
  /** Field messages the server answered with, by field (from, to, date), already localized. */
  serverErrors: Record<string, string>;
  onSearch: (draft: TrainDraft) => void;
}

/** From and to (a station or a whole city), the departure date within the pre-sale window, and Search. */
export function TrainSearchForm({ initialDraft, busy, serverErrors, onSearch }: Props) {
  const { t } = useTranslation();
  const { me } = useSession();
  const userFormat = me?.userInfo.config.dateFormat ?? DEFAULT_DATE_FORMAT;
  const today = chinaToday();
  const last = presaleEnd(today);
  const [draft, setDraft] = useState<TrainDraft>(initialDraft);
  const [submitted, setSubmitted] = useState(false);

  const clientErrors: DraftErrors = submitted ? validateDraft(draft, today) : {};
  const messageOf = (key: string | undefined) =>
    key ? t(key, { days: TRAIN_PRESALE_DAYS, first: formatDate(today, userFormat), last: formatDate(last, userFormat) }) : undefined;
  const errorOf = (field: keyof DraftErrors) => messageOf(clientErrors[field]) ?? serverErrors[field];

  const swap = () => setDraft({ ...draft, from: draft.to, fromType: draft.toType, to: draft.from, toType: draft.fromType });
  const submit = () => {
    setSubmitted(true);
    if (Object.keys(validateDraft(draft, today)).length > 0) return;
    onSearch(draft);
  };

  const item = (field: keyof DraftErrors) => {
    const error = errorOf(field);
    return { validateStatus: error ? ('error' as const) : undefined, help: error };
  };

  return (
    <Card className="train-search-card">
      <Form layout="vertical" requiredMark={false} component="div">
        <Row gutter={[8, 0]} align="top">
          <Col xs={24} md={7}>
            <Form.Item label={t('trains.search.from')} htmlFor="train-from" {...item('from')}>
              <StationPicker
                id="train-from"
                value={draft.from}
                valueType={draft.fromType}
                ariaLabel={t('trains.search.from')}
                placeholder={t('trains.search.fromPlaceholder')}
                status={errorOf('from') ? 'error' : undefined}
                onChange={(from, fromType) => setDraft({ ...draft, from, fromType })}
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={1} className="train-swap-col">
            <Form.Item label={<span aria-hidden>&nbsp;</span>} colon={false}>
              <Tooltip title={t('trains.search.swap')}>
                <Button icon={<SwapOutlined />} aria-label={t('trains.search.swap')} onClick={swap} />
              </Tooltip>
            </Form.Item>
          </Col>
          <Col xs={24} md={7}>
            <Form.Item label={t('trains.search.to')} htmlFor="train-to" {...item('to')}>
              <StationPicker
                id="train-to"
                value={draft.to}
                valueType={draft.toType}
                ariaLabel={t('trains.search.to')}
                placeholder={t('trains.search.toPlaceholder')}
                status={errorOf('to') ? 'error' : undefined}
                onChange={(to, toType) => setDraft({ ...draft, to, toType })}
              />
            </Form.Item>
          </Col>
          <Col xs={24} sm={14} md={5}>
            <Form.Item label={t('trains.search.date')} extra={errorOf('date') ? undefined : t('trains.search.presale', { last: formatDate(last, userFormat) })} {...item('date')}>
              <TravelDatePicker
                aria-label={t('trains.search.date')}
                value={draft.date}
                min={today}
                max={last}
                format={toDayjsFormat(userFormat)}
                status={errorOf('date') ? 'error' : ''}
                onChange={(date) => setDraft({ ...draft, date })}
              />
            </Form.Item>
          </Col>
          <Col xs={24} sm={10} md={4} className="train-submit-col">
            <Form.Item label={<span aria-hidden>&nbsp;</span>} colon={false}>
              <Button type="primary" icon={<SearchOutlined />} loading={busy} onClick={submit} block>
                {t('trains.search.submit')}
              </Button>
            </Form.Item>
          </Col>
        </Row>
      </Form>
    </Card>
  );
}
