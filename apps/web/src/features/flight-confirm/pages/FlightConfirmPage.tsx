import { useEffect, useMemo, useRef, useState } from 'react';
import { Alert, Button, Card, Col, Divider, Flex, Result, Row, Spin, Typography } from 'antd';
import { CheckCircleFilled, ReloadOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { FareChoice, Leg, Solution, VerificationAnswer } from '@portal/contract/api/shopping';
import { paths } from '../../../app/paths';
import { readConfirmState } from '../../../components/flight/confirm-navigation';
import { FareDetails } from '../../../components/flight/FareDetails';
import { LegSummary } from '../../../components/flight/LegSummary';
import { useMoney } from '../../../components/flight/money';
import { notify } from '../../../lib/notify';
import { useSession } from '../../../lib/session';
import { useVerifyFare, type VerifyParams } from '../api/verify-fare';
import { BookingForm } from '../components/BookingForm';
import { PriceChangedModal } from '../components/PriceChangedModal';

/** Spec key of point 4 (contract catalogue). */
const SETTLEMENT_CHANGED = 'agencyManager.config.common.settlementCurrency.change';

function legLabels(legs: Leg[], t: TFunction): (string | undefined)[] {
  if (legs.length < 2) return [undefined];
  const [a, b] = legs;
  const aFrom = a.segments[0]?.origin;
  const aTo = a.segments[a.segments.length - 1]?.destination;
  if (legs.length === 2 && b.segments[0]?.origin === aTo && b.segments[b.segments.length - 1]?.destination === aFrom) {
    return [t('flight.leg.outbound'), t('flight.leg.inbound')];
  }
  return legs.map((_, i) => t('flight.search.flightN', { n: i + 1 }));
}

/**
 * /flight/booking/confirm: the chosen itinerary and fare, the price check that runs on open (spec point 4), then the
 * passengers, the contact and the booking (issue 8).
 */
export default function FlightConfirmPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const money = useMoney();
  const { me } = useSession();
  const nav = useMemo(() => readConfirmState(location.state), [location.state]);

  const searchId = params.get('searchId');
  const solutionId = params.get('solutionId');
  const fareId = params.get('fareId');
  const verifyParams: VerifyParams | null = searchId && solutionId && fareId ? { searchId, solutionId, fareId } : null;
  const check = useVerifyFare(verifyParams);
  const [accepted, setAccepted] = useState<VerificationAnswer | null>(null);
  /** The booking met a higher price: the total that was sent, while the price is checked again and shown. */
  const [bookingMetNewPrice, setBookingMetNewPrice] = useState<{ submittedTotal: number } | null>(null);
  const [resubmitSignal, setResubmitSignal] = useState(0);

  const backTo = nav.backTo ?? paths.flightBooking;
  const searchAgainTo = nav.searchAgainTo ?? paths.flightBooking;
  const back = () => void navigate(backTo);
  // The server's message often is the title itself; then say what to do instead of repeating it.
  const detail = (message: string, titleKey: string, fallbackKey: string) => (message && message !== t(titleKey) ? message : t(fallbackKey));

  // Spec point 4: when the settlement currency changes here, prices are void: back to flight booking with a message.
  const settlement = me?.company.config.commonConfig.settlementCurrency;
  const seen = useRef(settlement);
  useEffect(() => {
    if (seen.current && settlement && seen.current !== settlement) {
      queryClient.removeQueries({ queryKey: ['flight'] });
      notify.warning(t(SETTLEMENT_CHANGED));
      void navigate(paths.flightBooking, { replace: true });
    }
    seen.current = settlement;
  }, [settlement, navigate, queryClient, t]);

  const answer = check.data ?? null;
  const current = accepted ?? answer;
  const solution: Solution | undefined = current?.solution ?? nav.solution;
  const fare: FareChoice | undefined = current?.fare ?? (nav.fare?.fareId === fareId ? nav.fare : undefined);
  const checking = check.isFetching;
  const confirmed = !checking && (answer?.status === 'unchanged' || accepted !== null);
  // Once shown, the form stays (disabled while a price check runs) so what the agent typed is never lost.
  const [formShown, setFormShown] = useState(false);
  if (confirmed && !formShown) setFormShown(true);

  /** The server refused the booking because the price went up: check it again; the agent accepts it or goes back. */
  const onBookingPriceChanged = (submittedTotal: number) => {
    setBookingMetNewPrice({ submittedTotal });
    setAccepted(null);
    void check.refetch().then((result) => {
      if (result.data?.status === 'price_changed') return;
      // The check no longer sees a higher price (or failed): nothing to accept; the page shows where things stand.
      setBookingMetNewPrice(null);
      if (result.data?.status === 'unchanged') notify.info(t('flight.book.priceRechecked'));
    });
  };
  const acceptPrice = () => {
    if (!answer) return;
    setAccepted(answer);
    if (bookingMetNewPrice) {
      setBookingMetNewPrice(null);
      setResubmitSignal((n) => n + 1);
    }
  };
  const modalAnswer = accepted || checking || !answer ? null : bookingMetNewPrice ? { ...answer, previousTotal: bookingMetNewPrice.submittedTotal } : answer;

  if (!verifyParams) {
    return (
      <Result
        status="warning"
        title={t('flight.confirm.missing')}
        extra={
          <Button type="primary" onClick={() => void navigate(paths.flightBooking)}>
            {t('flight.confirm.backToSearch')}
          </Button>
        }
      />
    );
  }

  let status: React.ReactNode = null;
  if (checking) {
    status = (
      <Card>
        <Flex align="center" gap={12} role="status">
          <Spin />
          <Typography.Text>{t('flight.confirm.checking')}</Typography.Text>
        </Flex>
      </Card>
    );
  } else if (check.isError) {
    status = (
      <Result
        status="error"
        title={t('flight.confirm.checkFailed')}
        subTitle={check.error.message}
        extra={[
          <Button key="retry" type="primary" icon={<ReloadOutlined />} onClick={() => void check.refetch()}>
            {t('flight.confirm.retry')}
          </Button>,
          <Button key="back" onClick={back}>
            {t('flight.confirm.backToSearch')}
          </Button>,
        ]}
      />
    );
  } else if (answer?.status === 'invalid') {
    status = (
      <Result
        status="warning"
        title={t('shopping.verify.invalid')}
        subTitle={detail(answer.message, 'shopping.verify.invalid', 'flight.confirm.invalid.text')}
        extra={[
          <Button key="switch" type="primary" onClick={back}>
            {t('flight.confirm.invalid.switch')}
          </Button>,
          <Button key="again" onClick={() => void navigate(searchAgainTo)}>
            {t('flight.confirm.searchAgain')}
          </Button>,
        ]}
      />
    );
  } else if (answer?.status === 'timeout') {
    status = (
      <Result
        status="warning"
        title={t('shopping.verify.timeout')}
        subTitle={detail(answer.message, 'shopping.verify.timeout', 'flight.confirm.timeout.text')}
        extra={[
          <Button key="retry" type="primary" icon={<ReloadOutlined />} onClick={() => void check.refetch()}>
            {t('flight.confirm.retry')}
          </Button>,
          <Button key="back" onClick={back}>
            {t('flight.confirm.backToSearch')}
          </Button>,
        ]}
      />
    );
  } else if (answer?.status === 'price_changed' && !accepted) {
    status = <Alert type="warning" showIcon title={t('shopping.verify.priceChanged')} />;
  }

  const total = fare ? money(fare.totalSalePrice, fare.currency) : null;
  const showItinerary = solution && answer?.status !== 'invalid';

  return (
    <Flex vertical gap={16}>
      <Flex justify="space-between" align="center" wrap gap={8}>
        <Typography.Title level={3} style={{ margin: 0 }}>
          {t('flight.title.confirm')}
        </Typography.Title>
        <Button onClick={back}>{t('flight.confirm.backToResults')}</Button>
      </Flex>
      {status}
      {showItinerary && (
        <Row gutter={[16, 16]}>
          <Col xs={{ span: 24, order: 2 }} lg={{ span: 16, order: 1 }}>
            <Flex vertical gap={16}>
              <Card title={t('flight.confirm.itinerary')} size="small">
                <Flex vertical gap={16}>
                  {solution.legs.map((leg, i) => (
                    <LegSummary key={i} leg={leg} label={legLabels(solution.legs, t)[i]} showDate />
                  ))}
                </Flex>
              </Card>
              {fare && (
                <Card title={t('flight.confirm.fare')} size="small">
                  <FareDetails fare={fare} money={money} rulesOpen />
                </Card>
              )}
              {formShown && fare && (
                <BookingForm
                  searchId={searchId!}
                  fareId={fareId!}
                  fare={fare}
                  solution={solution}
                  canBook={confirmed}
                  checking={checking}
                  money={money}
                  backTo={backTo}
                  searchAgainTo={searchAgainTo}
                  onPriceChanged={onBookingPriceChanged}
                  resubmitSignal={resubmitSignal}
                />
              )}
            </Flex>
          </Col>
          {/* On a phone the price and its status come first, above the long fare rules. */}
          <Col xs={{ span: 24, order: 1 }} lg={{ span: 8, order: 2 }}>
            <Card title={t('flight.confirm.price')} size="small">
              {fare && (
                <Flex vertical gap={6}>
                  {fare.priceList
                    .filter((p) => p.count > 0)
                    .map((p) => (
                      <Flex key={p.passengerType} justify="space-between" gap={8}>
                        <Typography.Text>
                          {t(`flight.passengerType.${p.passengerType}`)} × {p.count}
                        </Typography.Text>
                        <Typography.Text>{money(p.salePrice * p.count, p.currency)}</Typography.Text>
                      </Flex>
                    ))}
                  <Divider style={{ margin: '8px 0' }} />
                  <Flex justify="space-between" align="baseline">
                    <Typography.Text strong>{t('flight.fare.total')}</Typography.Text>
                    <Typography.Text strong style={{ fontSize: 20, color: '#d4380d' }} data-testid="confirm-total">
                      {total}
                    </Typography.Text>
                  </Flex>
                </Flex>
              )}
              {confirmed && (
                <Alert
                  style={{ marginTop: 12 }}
                  type="success"
                  showIcon
                  icon={<CheckCircleFilled />}
                  title={accepted ? t('flight.confirm.acceptedTitle') : t('shopping.verify.unchanged')}
                  description={t('flight.confirm.confirmedText')}
                />
              )}
            </Card>
          </Col>
        </Row>
      )}
      <PriceChangedModal answer={modalAnswer} onAccept={acceptPrice} onBack={back} />
    </Flex>
  );
}
