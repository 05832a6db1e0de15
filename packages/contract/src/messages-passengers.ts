import type { Language } from './languages.ts';

/**
 * Passenger and contact validation messages (spec point 5, issue 8), answered by passengers/validate.ts on both the
 * booking form and the server; merged into the catalogue in messages.ts. No key is both a leaf and the prefix of
 * another: the web app unflattens keys into a tree.
 */
export const passengersMessages = {
  'order.passenger.type.required': {
    en: 'Choose the passenger type: adult, child or infant',
    'zh-CN': '请选择乘客类型：成人、儿童或婴儿',
    'zh-TW': '請選擇乘客類型：成人、兒童或嬰兒',
  },
  'order.passenger.type.adult': {
    en: 'This passenger is 12 or older on {{date}}, the date of the last flight: book as an adult',
    'zh-CN': '该乘客在最后一段航班日期（{{date}}）已满12周岁，请按成人预订',
    'zh-TW': '該乘客在最後一段航班日期（{{date}}）已滿12歲，請按成人預訂',
  },
  'order.passenger.type.child': {
    en: 'This passenger is 2 to 11 years old on {{date}}, the date of the last flight: book as a child',
    'zh-CN': '该乘客在最后一段航班日期（{{date}}）为2至11周岁，请按儿童预订',
    'zh-TW': '該乘客在最後一段航班日期（{{date}}）為2至11歲，請按兒童預訂',
  },
  'order.passenger.type.infant': {
    en: 'This passenger is under 2 on {{date}}, the date of the last flight: book as an infant',
    'zh-CN': '该乘客在最后一段航班日期（{{date}}）未满2周岁，请按婴儿预订',
    'zh-TW': '該乘客在最後一段航班日期（{{date}}）未滿2歲，請按嬰兒預訂',
  },
  'order.passenger.age.belowFareMinimum': {
    en: 'This fare only accepts adults aged {{min}} or over on the date of the last flight',
    'zh-CN': '该运价仅限最后一段航班日期时年满{{min}}周岁的成人',
    'zh-TW': '該運價僅限最後一段航班日期時年滿{{min}}歲的成人',
  },
  'order.passenger.age.aboveFareMaximum': {
    en: 'This fare only accepts adults aged {{max}} or under on the date of the last flight',
    'zh-CN': '该运价仅限最后一段航班日期时不超过{{max}}周岁的成人',
    'zh-TW': '該運價僅限最後一段航班日期時不超過{{max}}歲的成人',
  },
  'order.passenger.surname.required': {
    en: 'Surname required, English letters A-Z only',
    'zh-CN': '请填写姓，仅限英文字母A-Z',
    'zh-TW': '請填寫姓，僅限英文字母A-Z',
  },
  'order.passenger.surname.format': {
    en: 'The surname may contain English letters A-Z only, with single spaces between words: no digits, Chinese characters or punctuation',
    'zh-CN': '姓仅限英文字母A-Z，单词之间可用单个空格，不能包含数字、汉字或标点',
    'zh-TW': '姓僅限英文字母A-Z，單字之間可用單個空格，不能包含數字、漢字或標點',
  },
  'order.passenger.givenNames.required': { en: 'Given name required', 'zh-CN': '请填写名', 'zh-TW': '請填寫名' },
  'order.passenger.givenNames.format': {
    en: 'The given name may contain English letters A-Z and spaces only',
    'zh-CN': '名仅限英文字母A-Z和空格',
    'zh-TW': '名僅限英文字母A-Z和空格',
  },
  'order.passenger.name.tooLong': { en: 'At most {{max}} letters', 'zh-CN': '最多{{max}}个字母', 'zh-TW': '最多{{max}}個字母' },
  'order.passenger.gender.required': { en: 'Choose the gender', 'zh-CN': '请选择性别', 'zh-TW': '請選擇性別' },
  'order.passenger.gender.invalid': { en: 'The gender must be male or female', 'zh-CN': '性别须为男或女', 'zh-TW': '性別須為男或女' },
  'order.passenger.birthday.required': { en: 'Birthday required', 'zh-CN': '请填写出生日期', 'zh-TW': '請填寫出生日期' },
  'order.passenger.birthday.format': {
    en: 'Enter the birthday as yyyy-mm-dd (e.g. 1985-03-05) or ddMMMyy (e.g. 05MAR85)',
    'zh-CN': '出生日期格式须为yyyy-mm-dd（如1985-03-05）或ddMMMyy（如05MAR85）',
    'zh-TW': '出生日期格式須為yyyy-mm-dd（如1985-03-05）或ddMMMyy（如05MAR85）',
  },
  'order.passenger.birthday.invalid': { en: 'This date does not exist', 'zh-CN': '该日期不存在', 'zh-TW': '該日期不存在' },
  'order.passenger.birthday.year': { en: 'The year of birth is not valid', 'zh-CN': '出生年份无效', 'zh-TW': '出生年份無效' },
  'order.passenger.birthday.future': {
    en: 'Birthday should not be greater than the current date',
    'zh-CN': '出生日期不能晚于当前日期',
    'zh-TW': '出生日期不能晚於當前日期',
  },
  'order.passenger.nationality.required': { en: 'Nationality required', 'zh-CN': '请选择国籍', 'zh-TW': '請選擇國籍' },
  'order.passenger.nationality.unknown': {
    en: 'Unknown nationality: use a two-letter country code',
    'zh-CN': '未知的国籍，请使用两位国家代码',
    'zh-TW': '未知的國籍，請使用兩位國家代碼',
  },
  'order.passenger.nationality.notAllowed': {
    en: 'This fare is not available to passengers of this nationality',
    'zh-CN': '该运价不适用于此国籍的乘客',
    'zh-TW': '該運價不適用於此國籍的乘客',
  },
  'order.passenger.document.type.required': { en: 'Choose the document type', 'zh-CN': '请选择证件类型', 'zh-TW': '請選擇證件類型' },
  'order.passenger.document.type.unknown': { en: 'Unknown document type', 'zh-CN': '未知的证件类型', 'zh-TW': '未知的證件類型' },
  'order.passenger.document.type.restricted': {
    en: 'Document restrictions changed: this fare does not accept this document',
    'zh-CN': '证件限制已变更：该运价不接受此证件',
    'zh-TW': '證件限制已變更：該運價不接受此證件',
  },
  'order.passenger.document.number.required': { en: 'Document number required', 'zh-CN': '请填写证件号码', 'zh-TW': '請填寫證件號碼' },
  'order.passenger.document.number.idcard': {
    en: 'Invalid ID card number: 18 characters, digits only except a final X',
    'zh-CN': '身份证号码无效：须为18位，除末位可为X外均为数字',
    'zh-TW': '身份證號碼無效：須為18位，除末位可為X外均為數字',
  },
  'order.passenger.document.number.idcardCheck': {
    en: 'Invalid ID card number: the last character does not match the others, check each digit',
    'zh-CN': '身份证号码校验位不正确，请逐位核对',
    'zh-TW': '身份證號碼校驗碼不正確，請逐位核對',
  },
  'order.passenger.document.number.birthdayMismatch': {
    en: 'The birth date in the document number does not match the birthday',
    'zh-CN': '证件号码中的出生日期与所填出生日期不一致',
    'zh-TW': '證件號碼中的出生日期與所填出生日期不一致',
  },
  'order.passenger.document.number.genderMismatch': {
    en: 'The document number does not match the gender',
    'zh-CN': '证件号码与所选性别不一致',
    'zh-TW': '證件號碼與所選性別不一致',
  },
  'order.passenger.document.number.passport': {
    en: 'Invalid passport number: 5 to 9 letters or digits',
    'zh-CN': '护照号码无效：须为5至9位字母或数字',
    'zh-TW': '護照號碼無效：須為5至9位字母或數字',
  },
  'order.passenger.document.number.chinesePassport': {
    en: 'Invalid Chinese passport number: E and 8 digits, or E, a letter and 7 digits (older passports: G and 8 digits)',
    'zh-CN': '中国护照号码无效：须为E加8位数字，或E加1位字母和7位数字（旧版护照：G加8位数字）',
    'zh-TW': '中國護照號碼無效：須為E加8位數字，或E加1位字母和7位數字（舊版護照：G加8位數字）',
  },
  'order.passenger.document.number.eep': {
    en: 'Invalid Exit-Entry Permit for Travelling to and from Hong Kong and Macao: C and 8 digits, C, a letter and 7 digits, or W and 8 digits',
    'zh-CN': '往来港澳通行证号码无效：须为C加8位数字、C加1位字母和7位数字，或W加8位数字',
    'zh-TW': '往來港澳通行證號碼無效：須為C加8位數字、C加1位字母和7位數字，或W加8位數字',
  },
  'order.passenger.document.number.tphm': {
    en: 'Invalid Mainland Travel Permit for Hong Kong and Macao Residents: H or M and 8 or 10 digits',
    'zh-CN': '港澳居民来往内地通行证号码无效：须为H或M加8位或10位数字',
    'zh-TW': '港澳居民來往內地通行證號碼無效：須為H或M加8位或10位數字',
  },
  'order.passenger.document.number.tptw': {
    en: 'Invalid Taiwan compatriot permit number: 8 digits (older permits: 10 digits, possibly with a letter; single-entry permits: a letter and 9 digits)',
    'zh-CN': '台胞证号码无效：须为8位数字（旧版：10位数字，可带1位字母；一次性证件：1位字母加9位数字）',
    'zh-TW': '台胞證號碼無效：須為8位數字（舊版：10位數字，可帶1位字母；一次性證件：1位字母加9位數字）',
  },
  'order.passenger.document.number.ttpmr': {
    en: 'Invalid Mainland Travel Permit for Taiwan Residents: 8 digits',
    'zh-CN': '台湾居民来往大陆通行证号码无效：须为8位数字',
    'zh-TW': '台灣居民來往大陸通行證號碼無效：須為8位數字',
  },
  'order.passenger.document.number.fpridcard': {
    en: 'Invalid Foreign Permanent Resident ID Card: 3 letters and 12 digits (older cards), or 18 characters starting with 9 with a valid check character',
    'zh-CN': '外国人永久居留身份证号码无效：须为3位字母加12位数字（旧版），或以9开头且校验位正确的18位号码',
    'zh-TW': '外國人永久居留身份證號碼無效：須為3位字母加12位數字（舊版），或以9開頭且校驗碼正確的18位號碼',
  },
  'order.passenger.document.number.rphmt': {
    en: 'Invalid Residence Permit for Hong Kong, Macao and Taiwan Residents: 18 characters starting with 810000, 820000 or 830000, with a valid check character',
    'zh-CN': '港澳台居民居住证号码无效：须为以810000、820000或830000开头且校验位正确的18位号码',
    'zh-TW': '港澳台居民居住證號碼無效：須為以810000、820000或830000開頭且校驗碼正確的18位號碼',
  },
  'order.passenger.document.expiry.required': { en: 'Document expiry date required', 'zh-CN': '请填写证件有效期', 'zh-TW': '請填寫證件有效期' },
  'order.passenger.document.expiry.invalid': {
    en: 'Enter a real expiry date as yyyy-mm-dd',
    'zh-CN': '请按yyyy-mm-dd填写真实存在的证件有效期',
    'zh-TW': '請按yyyy-mm-dd填寫真實存在的證件有效期',
  },
  'order.passenger.document.expiry.beforeFlight': {
    en: 'The document expires before the last flight ({{date}})',
    'zh-CN': '证件在最后一段航班日期（{{date}}）之前到期',
    'zh-TW': '證件在最後一段航班日期（{{date}}）之前到期',
  },
  'order.passenger.document.issuingCountry.unknown': { en: 'Unknown issuing country', 'zh-CN': '未知的签发国家', 'zh-TW': '未知的簽發國家' },
  'order.passenger.frequentFlyer.airline': {
    en: 'The frequent flyer airline must be a two-character airline code',
    'zh-CN': '常旅客航司须为两位航司代码',
    'zh-TW': '常旅客航空公司須為兩位航空公司代碼',
  },
  'order.passenger.frequentFlyer.number': {
    en: 'The frequent flyer number must be 4 to 20 letters or digits',
    'zh-CN': '常旅客卡号须为4至20位字母或数字',
    'zh-TW': '常旅客卡號須為4至20位字母或數字',
  },
  'order.passenger.list.count': {
    en: 'The passengers must match the search: {{adult}} adult(s), {{child}} child(ren) and {{infant}} infant(s)',
    'zh-CN': '乘客须与搜索条件一致：成人{{adult}}位、儿童{{child}}位、婴儿{{infant}}位',
    'zh-TW': '乘客須與搜尋條件一致：成人{{adult}}位、兒童{{child}}位、嬰兒{{infant}}位',
  },
  'order.passenger.list.infants': {
    en: 'Each infant must travel with an adult: no more infants than adults',
    'zh-CN': '每位婴儿须由一位成人陪同：婴儿人数不能多于成人',
    'zh-TW': '每位嬰兒須由一位成人陪同：嬰兒人數不能多於成人',
  },
  'order.passenger.list.duplicate': {
    en: 'Passengers {{first}} and {{second}} are the same person',
    'zh-CN': '第{{first}}位和第{{second}}位乘客为同一人',
    'zh-TW': '第{{first}}位和第{{second}}位乘客為同一人',
  },
  'order.contact.name.required': { en: 'Contact name required', 'zh-CN': '请填写联系人姓名', 'zh-TW': '請填寫聯絡人姓名' },
  'order.contact.name.tooLong': { en: 'At most {{max}} characters', 'zh-CN': '最多{{max}}个字符', 'zh-TW': '最多{{max}}個字元' },
  'order.contact.email.required': { en: 'Contact email required', 'zh-CN': '请填写联系人邮箱', 'zh-TW': '請填寫聯絡人電子郵件' },
  'order.contact.areaCode.required': { en: 'Area code required', 'zh-CN': '请选择区号', 'zh-TW': '請選擇區號' },
  'order.contact.areaCode.invalid': { en: 'The area code must be 1 to 4 digits', 'zh-CN': '区号须为1至4位数字', 'zh-TW': '區號須為1至4位數字' },
  'order.contact.phone.required': { en: 'Contact phone required', 'zh-CN': '请填写联系电话', 'zh-TW': '請填寫聯絡電話' },
  'order.contact.phone.invalid': {
    en: 'The phone number must have 5 to 15 digits',
    'zh-CN': '电话号码须为5至15位数字',
    'zh-TW': '電話號碼須為5至15位數字',
  },
} as const satisfies Record<string, Record<Language, string>>;
