import type { ContactInput } from '../api/flight-orders.ts';
import type { TrainPassengerInput } from '../api/trains.ts';

/**
 * Train passengers for tests of the booking rules (train.test.ts) and of the train order routes
 * (apps/server/test/train-orders.int.test.ts): one set, so both tiers check the same people.
 * The ID card numbers are valid GB 11643 numbers (check characters computed): a man born 1985-06-15, a girl born
 * 2016-03-01.
 */
export const TRAIN_CONTACT: ContactInput = { name: 'Wang Wu', email: 'wang.wu@example.com', areaCode: '86', phone: '13800138000' };

export const ZHANG: TrainPassengerInput = {
  surname: '张',
  given_names: '三',
  gender: 'male',
  birthday: '1985-06-15',
  nationality: 'CN',
  travel_document: { type: 'idcard', number: '110101198506150019' },
  ticketType: 'adult',
};

export const GIRL: TrainPassengerInput = {
  surname: '张',
  given_names: '小红',
  gender: 'female',
  birthday: '2016-03-01',
  nationality: 'CN',
  travel_document: { type: 'idcard', number: '110101201603010020' },
  ticketType: 'child',
};

export const SMITH: TrainPassengerInput = {
  surname: 'Smith',
  given_names: 'John',
  gender: 'male',
  birthday: '1980-01-02',
  nationality: 'GB',
  travel_document: { type: 'passport', number: '123456789', expiryDate: '2035-01-01' },
  ticketType: 'adult',
};
