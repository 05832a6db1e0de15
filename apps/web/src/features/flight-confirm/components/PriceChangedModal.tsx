import { Button, Flex, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { VerificationAnswer } from '@portal/contract/api/shopping';
import { formatMinor } from '../../../components/flight/money';

interface Props {
  answer: VerificationAnswer | null;
  onAccept: () => void;
  onBack: () => void;
}

/** Spec point 8: "Price changed" with the new price and its currency; accept it or go back to the search. */
export function PriceChangedModal({ answer, onAccept, onBack }: Props) {
  const { t } = useTranslation();
  const open = answer?.status === 'price_changed';
  const currency = answer?.currency ?? 'CNY';
  return (
    <Modal
      open={open}
      title={t('shopping.verify.priceChanged')}
      closable={false}
      mask={{ closable: false }}
      keyboard={false}
      footer={
        <Flex justify="flex-end" gap={8} wrap>
          <Button onClick={onBack}>{t('flight.confirm.backToSearch')}</Button>
          <Button type="primary" onClick={onAccept}>
            {t('flight.confirm.priceChanged.accept')}
          </Button>
        </Flex>
      }
    >
      {answer && (
        <Flex vertical gap={8}>
          <Typography.Paragraph style={{ margin: 0 }}>{answer.message && answer.message !== t('shopping.verify.priceChanged') ? answer.message : t('flight.confirm.priceChanged.text')}</Typography.Paragraph>
          {answer.previousTotal !== null && (
            <Typography.Text type="secondary">
              {t('flight.confirm.priceChanged.previous')}: <Typography.Text delete>{formatMinor(answer.previousTotal, currency)}</Typography.Text>
            </Typography.Text>
          )}
          {answer.newTotal !== null && (
            <Typography.Text strong style={{ fontSize: 18 }} data-testid="new-total">
              {t('flight.confirm.priceChanged.new')}: {formatMinor(answer.newTotal, currency)}
            </Typography.Text>
          )}
          <Typography.Text type="secondary">{t('flight.confirm.priceChanged.currency', { currency })}</Typography.Text>
        </Flex>
      )}
    </Modal>
  );
}
