import { Button, Card, Flex, Typography } from 'antd';
import { DownOutlined, UpOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { FareChoice, Solution } from '@portal/contract/api/shopping';
import { FareDetails } from '../../../components/flight/FareDetails';
import { LegSummary } from '../../../components/flight/LegSummary';
import type { MoneyFormatter } from '../../../components/flight/money';

interface Props {
  solution: Solution;
  legLabels: (string | undefined)[];
  money: MoneyFormatter;
  expanded: boolean;
  onToggle: (id: string) => void;
  onSelect: (solution: Solution, fare: FareChoice) => void;
}

/** One itinerary of the results: its legs, the lowest adult price, and the fare choices on demand. */
export function SolutionCard({ solution, legLabels, money, expanded, onToggle, onSelect }: Props) {
  const { t } = useTranslation();
  return (
    <Card size="small" data-testid="solution" styles={{ body: { padding: 12 } }}>
      <Flex gap={16} wrap>
        <Flex vertical gap={12} style={{ flex: '1 1 420px', minWidth: 0 }}>
          {solution.legs.map((leg, i) => (
            <LegSummary key={i} leg={leg} label={legLabels[i]} showDate={solution.legs.length > 1} />
          ))}
        </Flex>
        <div className="flight-price-block">
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {t('flight.results.perAdultFrom')}
          </Typography.Text>
          <Typography.Text strong style={{ fontSize: 20, color: '#d4380d' }} data-testid="lowest-price">
            {money(solution.lowestAdultSalePrice, solution.currency)}
          </Typography.Text>
          <Button
            type={expanded ? 'default' : 'primary'}
            ghost={!expanded}
            icon={expanded ? <UpOutlined /> : <DownOutlined />}
            iconPlacement="end"
            aria-expanded={expanded}
            onClick={() => onToggle(solution.id)}
          >
            {t('flight.results.fares', { count: solution.fares.length })}
          </Button>
        </div>
      </Flex>
      {expanded && (
        <div style={{ marginTop: 12 }}>
          {solution.fares.map((fare) => (
            <FareDetails
              key={fare.fareId}
              fare={fare}
              money={money}
              action={
                <Button type="primary" onClick={() => onSelect(solution, fare)}>
                  {t('flight.results.select')}
                </Button>
              }
            />
          ))}
        </div>
      )}
    </Card>
  );
}
