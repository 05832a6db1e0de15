import { describe, expect, it } from 'vitest';
import { chinaToday } from '../../../components/train/train-dates';
import { inPresale, parseTrainUrl, presaleEnd, serializeTrainUrl, toTrainSearchBody, validateDraft } from './search-url';

describe('train search URL', () => {
  it('reads and writes every part of a search, so a link repeats it', () => {
    const url = 'from=BJS&ft=city&to=AOH&date=2030-01-10&types=G,D&dep=06-12&arr=12-18,18-24&fs=VNP&ts=AOH,SHH&cls=second&sort=price.desc';
    const state = parseTrainUrl(new URLSearchParams(url));
    expect(state).toMatchObject({ from: 'BJS', fromType: 'city', to: 'AOH', toType: 'station', date: '2030-01-10', types: ['G', 'D'], sort: 'price', order: 'desc' });
    expect(serializeTrainUrl(state).toString()).toBe(new URLSearchParams(url).toString());
    expect(toTrainSearchBody(state)).toEqual({
      from: 'BJS',
      to: 'AOH',
      date: '2030-01-10',
      filters: { trainTypes: ['G', 'D'], departureBands: ['06-12'], arrivalBands: ['12-18', '18-24'], fromStations: ['VNP'], toStations: ['AOH', 'SHH'], seatClasses: ['second'] },
      sort: { by: 'price', order: 'desc' },
    });
  });

  it('drops unknown values and defaults to departure ascending; no search without both places and a date', () => {
    const state = parseTrainUrl(new URLSearchParams('from=VNP&types=G,X,G&dep=05-07&fs=vnp1&cls=deck&sort=speed&date=tomorrow'));
    expect(state).toMatchObject({ types: ['G'], dep: [], fs: [], cls: [], sort: 'departure', order: 'asc', date: null });
    expect(serializeTrainUrl(state).toString()).toBe('from=VNP&types=G');
    expect(toTrainSearchBody(state)).toBeNull();
  });

  it('counts the pre-sale window in China days: today and the next 14', () => {
    // 23:30 UTC on 9 Jan is already 10 Jan in China.
    expect(chinaToday(new Date('2030-01-09T23:30:00Z'))).toBe('2030-01-10');
    expect(presaleEnd('2030-01-10')).toBe('2030-01-24');
    expect(inPresale('2030-01-24', '2030-01-10')).toBe(true);
    expect(inPresale('2030-01-25', '2030-01-10')).toBe(false);
    expect(inPresale('2030-01-09', '2030-01-10')).toBe(false);
  });

  it('validates the form as the server does', () => {
    expect(validateDraft({ from: null, fromType: 'station', to: null, toType: 'station', date: null }, '2030-01-10')).toEqual({
      from: 'train.search.placeRequired',
      to: 'train.search.placeRequired',
      date: 'train.search.dateRequired',
    });
    expect(validateDraft({ from: 'VNP', fromType: 'station', to: 'VNP', toType: 'station', date: '2030-02-01' }, '2030-01-10')).toEqual({
      to: 'train.search.samePlace',
      date: 'train.search.dateOutOfRange',
    });
    expect(validateDraft({ from: 'BJS', fromType: 'city', to: 'AOH', toType: 'station', date: '2030-01-11' }, '2030-01-10')).toEqual({});
  });
});
