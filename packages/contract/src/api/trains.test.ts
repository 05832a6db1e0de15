import { describe, expect, it } from 'vitest';
import { StationItem, StationQuery, trainPresaleWindow } from './trains.ts';

describe('station search contract', () => {
  it('trims the keyword, defaults the limit to 12 and reads it from a query string', () => {
    expect(StationQuery.parse({ keyword: '  北京南 ' })).toEqual({ keyword: '北京南', limit: 12 });
    expect(StationQuery.parse({ keyword: 'bjn', limit: '5' })).toEqual({ keyword: 'bjn', limit: 5 });
  });

  it('refuses an empty or too long keyword and a limit outside 1-50, with message keys', () => {
    const issue = (v: unknown) => StationQuery.safeParse(v).error?.issues[0]?.message;
    expect(issue({ keyword: '   ' })).toBe('validation.required');
    expect(issue({ keyword: 'x'.repeat(41) })).toBe('validation.tooLong');
    expect(StationQuery.safeParse({ keyword: 'bj', limit: 0 }).success).toBe(false);
    expect(StationQuery.safeParse({ keyword: 'bj', limit: 51 }).success).toBe(false);
    expect(StationQuery.safeParse({}).success).toBe(false);
  });

  it('describes a city with its stations and a station without', () => {
    const base = { name: 'Beijing', nameZh: '北京', pinyin: 'beijing', cityCode: 'BJS', cityName: 'Beijing', provinceName: 'Beijing', countryCode: 'CN' };
    expect(StationItem.safeParse({ type: 'city', code: 'BJS', ...base, stations: ['VNP', 'BXP'] }).success).toBe(true);
    expect(StationItem.safeParse({ type: 'station', code: 'BJP', ...base }).success).toBe(true);
    expect(StationItem.safeParse({ type: 'airport', code: 'PEK', ...base }).success).toBe(false);
    expect(StationItem.safeParse({ type: 'station', code: 'VAP', ...base, provinceName: null }).success).toBe(true);
  });
});

describe('train pre-sale window', () => {
  it('is today and the next 14 days by the date in China, whatever the clock of the caller', () => {
    // 15:59 UTC is 23:59 in China; 16:00 UTC is already the next day there.
    expect(trainPresaleWindow(new Date('2027-01-10T15:59:00Z'))).toEqual({ first: '2027-01-10', last: '2027-01-24' });
    expect(trainPresaleWindow(new Date('2027-01-10T16:00:00Z'))).toEqual({ first: '2027-01-11', last: '2027-01-25' });
    // Across a month and a leap day.
    expect(trainPresaleWindow(new Date('2028-02-20T00:00:00Z'))).toEqual({ first: '2028-02-20', last: '2028-03-05' });
  });
});
