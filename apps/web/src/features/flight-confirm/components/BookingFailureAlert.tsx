import { Alert, Button, Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import { Code } from '@portal/contract/codes';
import type { BookingFailure } from '../model/booking-outcome';

interface Props {
  failure: BookingFailure;
  onChooseFare: () => void;
  onSearchAgain: () => void;
}

/** Why the booking was not made, in the server's words, and what the agent can do next. */
export function BookingFailureAlert({ failure, onChooseFare, onSearchAgain }: Props) {
  const { t } = useTranslation();
  const otherFare = failure.kind === 'fareGone' || failure.kind === 'supplier' || (failure.kind === 'fields' && failure.code !== Code.VALIDATION);
  const hint =
    failure.kind === 'unanswered'
      ? t('flight.book.unansweredHint')
      : failure.kind === 'supplier'
        ? t('flight.book.supplierHint')
        : failure.kind === 'fields'
          ? t('flight.book.fieldsHint')
          : undefined;
  return (
    <Alert
      type={failure.kind === 'unanswered' ? 'warning' : 'error'}
      showIcon
      role="alert"
      data-testid="booking-failure"
      title={failure.message}
      description={
        (hint || otherFare) && (
          <Flex vertical gap={8}>
            {hint}
            {otherFare && (
              <Flex gap={8} wrap>
                <Button size="small" type={failure.kind === 'fareGone' ? 'primary' : 'default'} onClick={onChooseFare}>
                  {t('flight.book.chooseAnotherFare')}
                </Button>
                <Button size="small" onClick={onSearchAgain}>
                  {t('flight.book.searchAgain')}
                </Button>
              </Flex>
            )}
          </Flex>
        )
      }
    />
  );
}
