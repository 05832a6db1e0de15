import { describe, expect, it } from 'vitest';
import { CreateTrainOrderBody, TrainChangeBody, TrainOrderListQuery, TrainRefundBody, TrainStatusCountQuery } from './trains.ts';

const passenger = { surname: '张', given_names: '三', gender: 'male', birthday: '1985-06-15', nationality: 'CN', travel_document: { type: 'idcard', number: '110101198506150019' } };
const body = { serviceId: 'G1@2027-01-15', from: 'vnp', to: 'AOH', seatClass: 'second', passengers: [passenger], contact: { name: 'W', email: 'w@x.cn', areaCode: '86', phone: '13800138000' }, acceptedTotal: 62_600 };

describe('train order contract', () => {
  it('reads a booking: station codes upper-cased, ticket type adult by default, 1 to 5 passengers', () => {
    const parsed = CreateTrainOrderBody.parse(body);
    expect(parsed.from).toBe('VNP');
    expect(parsed.passengers[0].ticketType).toBe('adult');
    expect(CreateTrainOrderBody.safeParse({ ...body, passengers: [] }).error?.issues[0]?.message).toBe('train.order.passengers.count');
    expect(CreateTrainOrderBody.safeParse({ ...body, passengers: Array(6).fill(passenger) }).error?.issues[0]?.message).toBe('train.order.passengers.count');
    expect(CreateTrainOrderBody.safeParse({ ...body, seatPreferences: ['E'] }).success).toBe(false);
    expect(CreateTrainOrderBody.safeParse({ ...body, seatPreferences: ['A', 'F'], berth: 'lower' }).success).toBe(true);
    expect(CreateTrainOrderBody.safeParse({ ...body, seatClass: 'economy' }).success).toBe(false);
  });

  it('reads list and count queries from a query string', () => {
    expect(TrainOrderListQuery.parse({ status: 'issued,refunded', page: '2' })).toMatchObject({ status: ['issued', 'refunded'], page: 2, pageSize: 20, sort: 'createdAt', order: 'desc' });
    expect(TrainOrderListQuery.safeParse({ status: 'holding' }).success).toBe(false);
    expect(TrainStatusCountQuery.parse({ status: 'to_be_paid' })).toEqual({ status: ['to_be_paid'] });
  });

  it('asks refunds and changes for 1 to 5 passengers', () => {
    expect(TrainRefundBody.safeParse({ passengerIds: [] }).success).toBe(false);
    expect(TrainChangeBody.safeParse({ passengerIds: ['p1'], serviceId: 'G3@2027-01-16', from: 'VNP', to: 'AOH', seatClass: 'first', date: '2027-01-16', acceptedDifference: 0 }).success).toBe(true);
    expect(TrainChangeBody.safeParse({ passengerIds: ['p1'], serviceId: 'G3', from: 'VNP', to: 'AOH', seatClass: 'first', acceptedDifference: 0 }).success).toBe(false);
  });
});
