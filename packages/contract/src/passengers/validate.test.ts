import { describe, expect, it } from 'vitest';
import type { ContactInput, PassengerInput } from '../api/flight-orders.ts';
import { isMessageKey, translate } from '../messages.ts';
import { validateBooking, validateContact, validatePassenger, type BookingRules, type FieldErrors } from './validate.ts';

const RULES: BookingRules = {
  today: '2025-06-15',
  lastFlightDate: '2025-07-20',
  expected: { adult: 1, child: 0, infant: 0 },
  restrictions: null,
};

const withRules = (over: Partial<BookingRules>): BookingRules => ({ ...RULES, ...over });

/** A mainland traveller on an ID card; the number encodes 1985-03-05 and a man (17th digit 1). */
const idcardAdult = (over: Partial<PassengerInput> = {}): PassengerInput => ({
  type: 'adult',
  surname: 'Zhang',
  given_names: 'San',
  gender: 'male',
  birthday: '1985-03-05',
  nationality: 'CN',
  travel_document: { type: 'idcard', number: '110105198503050018', expiryDate: null, issuingCountry: 'CN' },
  ...over,
});

const passportAdult = (over: Partial<PassengerInput> = {}): PassengerInput => ({
  type: 'adult',
  surname: 'Smith',
  given_names: 'John Paul',
  gender: 'male',
  birthday: '1980-01-31',
  nationality: 'GB',
  travel_document: { type: 'passport', number: '123456789', expiryDate: '2030-01-01', issuingCountry: 'GB' },
  ...over,
});

const withDocument = (doc: Partial<NonNullable<PassengerInput['travel_document']>>, over: Partial<PassengerInput> = {}) =>
  passportAdult({ ...over, travel_document: { ...passportAdult().travel_document!, ...doc } });

const contact = (over: Partial<ContactInput> = {}): ContactInput => ({ name: 'Li Si', email: 'li.si@example.com', areaCode: '86', phone: '138 0013-8000', ...over });

const keyOf = (e: FieldErrors[string] | undefined) => (typeof e === 'string' ? e : e?.key);

describe('validatePassenger: a valid passenger', () => {
  it('is normalized: upper-case names, canonical document, no frequent flyer', () => {
    const { passenger, fields } = validatePassenger(
      idcardAdult({ surname: '  zhang ', given_names: 'san  feng', travel_document: { type: 'idcard', number: '1101 0519 8503 0500 18', expiryDate: '' } }),
      RULES,
    );
    expect(fields).toEqual({});
    expect(passenger).toEqual({
      type: 'adult',
      surname: 'ZHANG',
      givenNames: 'SAN FENG',
      gender: 'male',
      birthday: '1985-03-05',
      nationality: 'CN',
      document: { type: 'idcard', number: '110105198503050018', expiryDate: null, issuingCountry: null },
      frequentFlyer: null,
    });
  });

  it('reads ddMMMyy birthdays, lower-case codes and the chinesePassport spelling', () => {
    const { passenger, fields } = validatePassenger(
      withDocument({ type: 'chinesePassport', number: 'ea1234567', issuingCountry: 'cn' }, { birthday: '05mar85', nationality: 'cn', gender: 'MALE' }),
      RULES,
    );
    expect(fields).toEqual({});
    expect(passenger?.birthday).toBe('1985-03-05');
    expect(passenger?.nationality).toBe('CN');
    expect(passenger?.gender).toBe('male');
    expect(passenger?.document).toEqual({ type: 'chinese-passport', number: 'EA1234567', expiryDate: '2030-01-01', issuingCountry: 'CN' });
  });

  it('keeps a frequent flyer number, normalized', () => {
    const { passenger, fields } = validatePassenger(passportAdult({ frequentFlyer: { airline: 'mu', number: '6100 1234 5678' } }), RULES);
    expect(fields).toEqual({});
    expect(passenger?.frequentFlyer).toEqual({ airline: 'MU', number: '610012345678' });
  });

  it('treats an empty frequent flyer pair as none', () => {
    const { passenger, fields } = validatePassenger(passportAdult({ frequentFlyer: { airline: ' ', number: '' } }), RULES);
    expect(fields).toEqual({});
    expect(passenger?.frequentFlyer).toBeNull();
  });
});

describe('validatePassenger: names', () => {
  it.each([
    ['', 'order.passenger.surname.required'],
    ['   ', 'order.passenger.surname.required'],
    ['张', 'order.passenger.surname.format'],
    ['Smith2', 'order.passenger.surname.format'],
    ["O'Neil", 'order.passenger.surname.format'],
    ['Smith-Jones', 'order.passenger.surname.format'],
    ['Müller', 'order.passenger.surname.format'],
    ['Straße', 'order.passenger.surname.format'],
    ['A'.repeat(51), 'order.passenger.name.tooLong'],
  ])('surname %j -> %s', (surname, key) => {
    const { passenger, fields } = validatePassenger(passportAdult({ surname }), RULES);
    expect(keyOf(fields.surname)).toBe(key);
    expect(passenger).toBeUndefined();
  });

  it('accepts words separated by spaces, collapsing repeated spaces', () => {
    expect(validatePassenger(passportAdult({ surname: 'van  der Berg' }), RULES).passenger?.surname).toBe('VAN DER BERG');
  });

  it.each([
    ['', 'order.passenger.givenNames.required'],
    ['三', 'order.passenger.givenNames.format'],
    ['John.', 'order.passenger.givenNames.format'],
  ])('given names %j -> %s', (given_names, key) => {
    expect(validatePassenger(passportAdult({ given_names }), RULES).fields.given_names).toBe(key);
  });
});

describe('validatePassenger: required fields', () => {
  it('names each missing field with its own message', () => {
    const { fields } = validatePassenger({ type: '', surname: '', given_names: '', gender: '', birthday: '', nationality: '', travel_document: { type: '', number: '' } }, RULES);
    expect(fields).toEqual({
      type: 'order.passenger.type.required',
      surname: 'order.passenger.surname.required',
      given_names: 'order.passenger.givenNames.required',
      gender: 'order.passenger.gender.required',
      birthday: 'order.passenger.birthday.required',
      nationality: 'order.passenger.nationality.required',
      'travel_document.type': 'order.passenger.document.type.required',
      'travel_document.number': 'order.passenger.document.number.required',
    });
  });

  it('copes with a passenger object missing its fields altogether', () => {
    const { fields } = validatePassenger({} as PassengerInput, RULES);
    expect(fields['travel_document.number']).toBe('order.passenger.document.number.required');
  });

  it('refuses an unknown gender, type and document type', () => {
    const { fields } = validatePassenger(withDocument({ type: 'drivingLicence' }, { gender: 'x', type: 'senior' }), RULES);
    expect(fields.gender).toBe('order.passenger.gender.invalid');
    expect(fields.type).toBe('order.passenger.type.required');
    expect(fields['travel_document.type']).toBe('order.passenger.document.type.unknown');
  });
});

describe('validatePassenger: birthday', () => {
  it.each([
    ['1985/03/05', 'order.passenger.birthday.format'],
    ['05-03-1985', 'order.passenger.birthday.format'],
    ['March 5, 1985', 'order.passenger.birthday.format'],
    ['2023-02-29', 'order.passenger.birthday.invalid'],
    ['29FEB23', 'order.passenger.birthday.invalid'],
    ['1899-12-31', 'order.passenger.birthday.year'],
    ['2025-06-16', 'order.passenger.birthday.future'],
  ])('%s -> %s', (birthday, key) => {
    expect(validatePassenger(passportAdult({ birthday }), RULES).fields.birthday).toBe(key);
  });

  it('accepts a birthday of today for an infant, and 29 February of a leap year', () => {
    const infantRules = withRules({ expected: { adult: 1, child: 0, infant: 1 } });
    expect(validatePassenger(passportAdult({ type: 'infant', birthday: '2025-06-15' }), infantRules).fields).toEqual({});
    expect(validatePassenger(passportAdult({ type: 'infant', birthday: '2024-02-29' }), infantRules).fields).toEqual({});
  });
});

describe('validatePassenger: passenger type by age on the last flight', () => {
  it('refuses an infant who turns 2 before the last flight', () => {
    // 1 year old at booking, 2 on 2025-07-01, the last flight is on 2025-07-20.
    const { fields } = validatePassenger(passportAdult({ type: 'infant', birthday: '2023-07-01' }), RULES);
    expect(fields.type).toEqual({ key: 'order.passenger.type.child', params: { date: '2025-07-20' } });
  });

  it('counts the birthday on the day of the last flight, not the day after', () => {
    expect(keyOf(validatePassenger(passportAdult({ type: 'infant', birthday: '2023-07-20' }), RULES).fields.type)).toBe('order.passenger.type.child');
    expect(validatePassenger(passportAdult({ type: 'infant', birthday: '2023-07-21' }), RULES).fields).toEqual({});
  });

  it('refuses a child who is 12 by the last flight, and an adult who is 11', () => {
    expect(keyOf(validatePassenger(passportAdult({ type: 'child', birthday: '2013-07-01' }), RULES).fields.type)).toBe('order.passenger.type.adult');
    expect(keyOf(validatePassenger(passportAdult({ type: 'adult', birthday: '2013-08-01' }), RULES).fields.type)).toBe('order.passenger.type.child');
    expect(keyOf(validatePassenger(passportAdult({ type: 'child', birthday: '2024-01-01' }), RULES).fields.type)).toBe('order.passenger.type.infant');
    expect(validatePassenger(passportAdult({ type: 'child', birthday: '2013-08-01' }), RULES).fields).toEqual({});
  });

  it('applies the fare minimum and maximum age to adults, on the last flight date', () => {
    const rules = withRules({ restrictions: { minAge: 18, maxAge: 60, documents: [], allowedCountries: [], forbiddenCountries: [] } });
    expect(validatePassenger(passportAdult({ birthday: '2008-07-21' }), rules).fields.birthday).toEqual({ key: 'order.passenger.age.belowFareMinimum', params: { min: 18 } });
    expect(validatePassenger(passportAdult({ birthday: '2007-07-20' }), rules).fields).toEqual({});
    expect(validatePassenger(passportAdult({ birthday: '1964-07-20' }), rules).fields.birthday).toEqual({ key: 'order.passenger.age.aboveFareMaximum', params: { max: 60 } });
    expect(validatePassenger(passportAdult({ birthday: '1964-07-21' }), rules).fields).toEqual({});
    // Children are not held to the adult limits.
    expect(validatePassenger(passportAdult({ type: 'child', birthday: '2015-01-01' }), rules).fields).toEqual({});
  });
});

describe('validatePassenger: nationality', () => {
  const restricted = (allowedCountries: string[], forbiddenCountries: string[]) =>
    withRules({ restrictions: { minAge: null, maxAge: null, documents: [], allowedCountries, forbiddenCountries } });

  it('refuses an unknown country code', () => {
    expect(validatePassenger(passportAdult({ nationality: 'XX' }), RULES).fields.nationality).toBe('order.passenger.nationality.unknown');
    expect(validatePassenger(passportAdult({ nationality: 'GBR' }), RULES).fields.nationality).toBe('order.passenger.nationality.unknown');
  });

  it('keeps to the allowed list when the fare has one, and never admits a forbidden country', () => {
    expect(validatePassenger(passportAdult(), restricted(['CN', 'HK'], [])).fields.nationality).toBe('order.passenger.nationality.notAllowed');
    expect(validatePassenger(passportAdult(), restricted(['cn', 'gb'], [])).fields).toEqual({});
    expect(validatePassenger(passportAdult(), restricted([], ['GB'])).fields.nationality).toBe('order.passenger.nationality.notAllowed');
    expect(validatePassenger(passportAdult(), restricted(['GB'], ['GB'])).fields.nationality).toBe('order.passenger.nationality.notAllowed');
    expect(validatePassenger(passportAdult(), restricted([], ['US'])).fields).toEqual({});
  });
});

describe('validatePassenger: documents', () => {
  it.each([
    ['passport', 'AB12', 'order.passenger.document.number.passport'],
    ['internationalityPassport', 'ABCDEFGHIJ', 'order.passenger.document.number.passport'],
    ['chinese-passport', 'X12345678', 'order.passenger.document.number.chinesePassport'],
    ['eep', 'H12345678', 'order.passenger.document.number.eep'],
    ['tphm', 'C12345678', 'order.passenger.document.number.tphm'],
    ['tptw', '123456789', 'order.passenger.document.number.tptw'],
    ['ttpmr', '1234567', 'order.passenger.document.number.ttpmr'],
    ['fpridcard', '911012198503050017', 'order.passenger.document.number.fpridcard'],
    ['rphmt', '110105198503050018', 'order.passenger.document.number.rphmt'],
    ['idcard', '11010519850305', 'order.passenger.document.number.idcard'],
  ])('%s %s -> %s', (type, number, key) => {
    expect(validatePassenger(withDocument({ type, number }), RULES).fields['travel_document.number']).toBe(key);
  });

  it.each([
    ['passport', 'X1234567'],
    ['internationalityPassport', 'P12345'],
    ['chinese-passport', 'E12345678'],
    ['eep', 'C12345678'],
    ['tphm', 'H12345678'],
    ['tptw', '12345678'],
    ['ttpmr', '12345678'],
    ['fpridcard', 'USA123456789012'],
  ])('%s %s is accepted', (type, number) => {
    expect(validatePassenger(withDocument({ type, number }), RULES).fields).toEqual({});
  });

  it('says so when only the check character of an ID card is wrong', () => {
    const { fields } = validatePassenger(idcardAdult({ travel_document: { type: 'idcard', number: '110105198503050019' } }), RULES);
    expect(fields['travel_document.number']).toBe('order.passenger.document.number.idcardCheck');
  });

  it('checks the ID card against the birthday and the gender, each with its own message', () => {
    expect(validatePassenger(idcardAdult({ birthday: '1985-03-06' }), RULES).fields['travel_document.number']).toBe('order.passenger.document.number.birthdayMismatch');
    expect(validatePassenger(idcardAdult({ gender: 'female' }), RULES).fields['travel_document.number']).toBe('order.passenger.document.number.genderMismatch');
    const woman = idcardAdult({ gender: 'female', travel_document: { type: 'idcard', number: '110105198503050026' } });
    expect(validatePassenger(woman, RULES).fields).toEqual({});
  });

  it('checks a residence permit against the birthday and the gender too', () => {
    const permit = (number: string, over: Partial<PassengerInput> = {}) =>
      validatePassenger(withDocument({ type: 'rphmt', number }, { birthday: '1985-03-05', gender: 'male', nationality: 'HK', ...over }), RULES).fields;
    expect(permit('820000198503050018')).toEqual({});
    expect(permit('830000198503050028')['travel_document.number']).toBe('order.passenger.document.number.genderMismatch');
    expect(permit('810000199005150019')['travel_document.number']).toBe('order.passenger.document.number.birthdayMismatch');
  });

  it('requires an expiry date for every document but the ID card', () => {
    expect(validatePassenger(withDocument({ expiryDate: null }), RULES).fields['travel_document.expiryDate']).toBe('order.passenger.document.expiry.required');
    expect(validatePassenger(withDocument({ type: 'eep', number: 'C12345678', expiryDate: '' }), RULES).fields['travel_document.expiryDate']).toBe(
      'order.passenger.document.expiry.required',
    );
    expect(validatePassenger(idcardAdult(), RULES).fields).toEqual({});
  });

  it('refuses an expiry date before the last flight, and accepts one on that day', () => {
    expect(validatePassenger(withDocument({ expiryDate: '2025-07-19' }), RULES).fields['travel_document.expiryDate']).toEqual({
      key: 'order.passenger.document.expiry.beforeFlight',
      params: { date: '2025-07-20' },
    });
    expect(validatePassenger(withDocument({ expiryDate: '2025-07-20' }), RULES).fields).toEqual({});
    // Still valid at booking, expired by the return flight.
    expect(keyOf(validatePassenger(idcardAdult({ travel_document: { type: 'idcard', number: '110105198503050018', expiryDate: '2025-07-01' } }), RULES).fields['travel_document.expiryDate'])).toBe(
      'order.passenger.document.expiry.beforeFlight',
    );
  });

  it('refuses an expiry date that is not a real yyyy-mm-dd day', () => {
    for (const expiryDate of ['2030-13-01', '2031-02-29', '01/01/2030', 'long-term']) {
      expect(validatePassenger(withDocument({ expiryDate }), RULES).fields['travel_document.expiryDate'], expiryDate).toBe('order.passenger.document.expiry.invalid');
    }
  });

  it('refuses an unknown issuing country', () => {
    expect(validatePassenger(withDocument({ issuingCountry: 'UK' }), RULES).fields['travel_document.issuingCountry']).toBe('order.passenger.document.issuingCountry.unknown');
  });

  describe('fare document restrictions', () => {
    const fare = (documents: string[]) => withRules({ restrictions: { minAge: null, maxAge: null, documents, allowedCountries: [], forbiddenCountries: [] } });

    it('refuses a document the fare does not list', () => {
      expect(validatePassenger(passportAdult(), fare(['idcard'])).fields['travel_document.type']).toBe('order.passenger.document.type.restricted');
      expect(validatePassenger(idcardAdult(), fare(['passport', 'chinese-passport'])).fields['travel_document.type']).toBe('order.passenger.document.type.restricted');
    });

    it('accepts listed documents, passport covering the Chinese passport, and all/unlimited', () => {
      expect(validatePassenger(idcardAdult(), fare(['idcard'])).fields).toEqual({});
      expect(validatePassenger(withDocument({ type: 'chinese-passport', number: 'E12345678' }), fare(['passport'])).fields).toEqual({});
      expect(validatePassenger(withDocument({ type: 'chinese-passport', number: 'E12345678' }), fare(['chinesePassport'])).fields).toEqual({});
      expect(validatePassenger(passportAdult(), fare(['all'])).fields).toEqual({});
      expect(validatePassenger(passportAdult(), fare(['unlimited'])).fields).toEqual({});
      expect(validatePassenger(passportAdult(), fare([])).fields).toEqual({});
    });
  });
});

describe('validatePassenger: frequent flyer', () => {
  it.each([
    [{ airline: 'MUU', number: '12345678' }, 'frequentFlyer.airline', 'order.passenger.frequentFlyer.airline'],
    [{ airline: '12', number: '12345678' }, 'frequentFlyer.airline', 'order.passenger.frequentFlyer.airline'],
    [{ airline: '', number: '12345678' }, 'frequentFlyer.airline', 'order.passenger.frequentFlyer.airline'],
    [{ airline: 'MU', number: '123' }, 'frequentFlyer.number', 'order.passenger.frequentFlyer.number'],
    [{ airline: 'MU', number: '1'.repeat(21) }, 'frequentFlyer.number', 'order.passenger.frequentFlyer.number'],
    [{ airline: 'MU', number: '1234-5678' }, 'frequentFlyer.number', 'order.passenger.frequentFlyer.number'],
    [{ airline: 'MU', number: '' }, 'frequentFlyer.number', 'order.passenger.frequentFlyer.number'],
  ])('%j -> %s', (frequentFlyer, path, key) => {
    expect(validatePassenger(passportAdult({ frequentFlyer }), RULES).fields[path]).toBe(key);
  });

  it('accepts letter-digit airline designators', () => {
    expect(validatePassenger(passportAdult({ frequentFlyer: { airline: '3U', number: 'AB1234' } }), RULES).fields).toEqual({});
    expect(validatePassenger(passportAdult({ frequentFlyer: { airline: 'B6', number: '1234' } }), RULES).fields).toEqual({});
  });
});

describe('validateContact', () => {
  it('normalizes a valid contact: digits only in phone and area code', () => {
    expect(validateContact(contact({ areaCode: '+86', name: '  Li  Si ' }))).toEqual({
      fields: {},
      contact: { name: 'Li Si', email: 'li.si@example.com', areaCode: '86', phone: '13800138000' },
    });
  });

  it('requires every field, each with its own message', () => {
    expect(validateContact({ name: '', email: '', areaCode: '', phone: '' }).fields).toEqual({
      name: 'order.contact.name.required',
      email: 'order.contact.email.required',
      areaCode: 'order.contact.areaCode.required',
      phone: 'order.contact.phone.required',
    });
  });

  it.each(['li.si', 'li@', '@example.com', 'li si@example.com', 'li@example', 'li@@example.com', 'li@example.c'])('refuses the email %s', (email) => {
    expect(validateContact(contact({ email })).fields.email).toBe('validation.email.format');
  });

  it.each(['li+travel@example.com.cn', 'A.B@sub.example.org'])('accepts the email %s', (email) => {
    expect(validateContact(contact({ email })).fields).toEqual({});
  });

  it('checks the area code and the phone number', () => {
    expect(validateContact(contact({ areaCode: '12345' })).fields.areaCode).toBe('order.contact.areaCode.invalid');
    expect(validateContact(contact({ areaCode: '8a' })).fields.areaCode).toBe('order.contact.areaCode.invalid');
    expect(validateContact(contact({ phone: '1234' })).fields.phone).toBe('order.contact.phone.invalid');
    expect(validateContact(contact({ phone: '1'.repeat(16) })).fields.phone).toBe('order.contact.phone.invalid');
    expect(validateContact(contact({ phone: '(010) 1234 5678' })).fields.phone).toBe('order.contact.phone.invalid');
    expect(validateContact(contact({ phone: '12345' })).fields).toEqual({});
  });

  it('bounds the contact name', () => {
    expect(validateContact(contact({ name: 'x'.repeat(61) })).fields.name).toEqual({ key: 'order.contact.name.tooLong', params: { max: 60 } });
  });
});

describe('validateBooking', () => {
  const family = withRules({ expected: { adult: 2, child: 1, infant: 1 } });
  const mother = () => idcardAdult({ surname: 'Wang', given_names: 'Fang', gender: 'female', travel_document: { type: 'idcard', number: '110105198503050026' } });
  const child = () => idcardAdult({ type: 'child', given_names: 'Xiaoming', gender: 'female', birthday: '2018-08-10', travel_document: { type: 'idcard', number: '110105201808100025' } });
  const infant = () => passportAdult({ type: 'infant', given_names: 'Baby', birthday: '2024-10-01', travel_document: { type: 'passport', number: 'X7654321', expiryDate: '2029-10-01' } });

  it('answers the normalized passengers and contact when everything holds', () => {
    const result = validateBooking({ passengers: [idcardAdult(), mother(), child(), infant()], contact: contact() }, family);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.passengers.map((p) => `${p.type} ${p.surname}/${p.givenNames}`)).toEqual(['adult ZHANG/SAN', 'adult WANG/FANG', 'child ZHANG/XIAOMING', 'infant SMITH/BABY']);
    expect(result.contact.phone).toBe('13800138000');
  });

  it('answers absolute field paths', () => {
    const result = validateBooking(
      { passengers: [idcardAdult(), mother(), child(), infant()].map((p, i) => (i === 1 ? { ...p, surname: 'Wang1' } : i === 3 ? { ...p, travel_document: { type: 'passport', number: '1' } } : p)), contact: contact({ email: 'nope' }) },
      family,
    );
    expect(result).toEqual({
      ok: false,
      fields: {
        'passengers.1.surname': 'order.passenger.surname.format',
        'passengers.3.travel_document.number': 'order.passenger.document.number.passport',
        'passengers.3.travel_document.expiryDate': 'order.passenger.document.expiry.required',
        'contact.email': 'validation.email.format',
      },
    });
  });

  it('refuses passenger counts that differ from the search', () => {
    const result = validateBooking({ passengers: [idcardAdult(), mother(), child()], contact: contact() }, family);
    expect(result).toEqual({ ok: false, fields: { passengers: { key: 'order.passenger.list.count', params: { adult: 2, child: 1, infant: 1 } } } });
    const swapped = validateBooking({ passengers: [idcardAdult(), mother(), child(), infant()], contact: contact() }, withRules({ expected: { adult: 2, child: 2, infant: 0 } }));
    expect(!swapped.ok && keyOf(swapped.fields.passengers)).toBe('order.passenger.list.count');
  });

  it('refuses more infants than adults', () => {
    const twins = [infant(), { ...infant(), given_names: 'Second', travel_document: { type: 'passport', number: 'X7654322', expiryDate: '2029-10-01' } }];
    const result = validateBooking({ passengers: [idcardAdult(), ...twins], contact: contact() }, withRules({ expected: { adult: 1, child: 0, infant: 2 } }));
    expect(!result.ok && result.fields).toEqual({ passengers: 'order.passenger.list.infants' });
  });

  it('refuses the same document twice', () => {
    const twin = passportAdult({ surname: 'Other', given_names: 'Person', birthday: '1990-01-01', travel_document: { type: 'passport', number: '1234 56789', expiryDate: '2030-01-01' } });
    const result = validateBooking({ passengers: [passportAdult(), twin], contact: contact() }, withRules({ expected: { adult: 2, child: 0, infant: 0 } }));
    expect(!result.ok && result.fields).toEqual({ passengers: { key: 'order.passenger.list.duplicate', params: { first: 1, second: 2 } } });
  });

  it('refuses the same name and birthday twice, whatever the documents', () => {
    const again = idcardAdult({ surname: 'ZHANG ', birthday: '05MAR85', travel_document: { type: 'passport', number: 'E99999999', expiryDate: '2030-01-01' } });
    const result = validateBooking({ passengers: [passportAdult(), idcardAdult(), again], contact: contact() }, withRules({ expected: { adult: 3, child: 0, infant: 0 } }));
    expect(!result.ok && result.fields).toEqual({ passengers: { key: 'order.passenger.list.duplicate', params: { first: 2, second: 3 } } });
  });

  it('lets namesakes with different birthdays and documents through', () => {
    const namesake = idcardAdult({ birthday: '1985-03-06', travel_document: { type: 'idcard', number: '110105198503060013' } });
    const result = validateBooking({ passengers: [idcardAdult(), namesake], contact: contact() }, withRules({ expected: { adult: 2, child: 0, infant: 0 } }));
    expect(result.ok).toBe(true);
  });
});

describe('messages', () => {
  it('answers only keys of the catalogue', () => {
    const result = validateBooking(
      { passengers: [{ type: 'x', surname: '1', given_names: '2', gender: 'x', birthday: 'x', nationality: 'x', travel_document: { type: 'x', number: 'x', expiryDate: 'x', issuingCountry: 'x' }, frequentFlyer: { airline: 'x', number: 'x' } }], contact: { name: '', email: 'x', areaCode: 'x', phone: 'x' } },
      RULES,
    );
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(Object.keys(result.fields).length).toBeGreaterThan(10);
    for (const error of Object.values(result.fields)) expect(isMessageKey(keyOf(error)!)).toBe(true);
  });

  it('uses the texts the specification gives', () => {
    expect(translate('order.passenger.surname.required', 'en')).toBe('Surname required, English letters A-Z only');
    expect(translate('order.passenger.birthday.future', 'en')).toBe('Birthday should not be greater than the current date');
    expect(translate('order.passenger.document.type.restricted', 'en')).toMatch(/^Document restrictions changed/);
  });
});
