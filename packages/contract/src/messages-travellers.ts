import type { Language } from './languages.ts';

/**
 * Travellers (issue 11): frequent passengers, member cards, import into a booking and document recognition. The two
 * import refusals and the recognition failure are the spec's own texts (point 8).
 */
export const travellersMessages = {
  'travellers.max': {
    en: 'You can keep at most {{max}} frequent passengers: delete one before adding another',
    'zh-CN': '常用旅客最多{{max}}位，请先删除一位再添加',
    'zh-TW': '常用旅客最多{{max}}位，請先刪除一位再新增',
  },
  'travellers.duplicate': {
    en: 'This traveller is already one of your frequent passengers',
    'zh-CN': '该旅客已在您的常用旅客中',
    'zh-TW': '該旅客已在您的常用旅客中',
  },
  'travellers.documents.required': { en: 'Add at least one travel document', 'zh-CN': '请至少添加一个证件', 'zh-TW': '請至少新增一個證件' },
  'travellers.documents.max': { en: 'At most 6 documents per traveller', 'zh-CN': '每位旅客最多6个证件', 'zh-TW': '每位旅客最多6個證件' },
  'travellers.documents.duplicate': {
    en: 'This traveller already has a document of this type',
    'zh-CN': '该旅客已有此类型的证件',
    'zh-TW': '該旅客已有此類型的證件',
  },
  'travellers.documents.unknown': {
    en: 'This document is no longer on file: enter its number again',
    'zh-CN': '该证件已不存在，请重新填写证件号码',
    'zh-TW': '該證件已不存在，請重新填寫證件號碼',
  },
  'travellers.localName.format': {
    en: 'The Chinese name may contain Chinese characters and the middle dot only',
    'zh-CN': '中文姓名仅可包含汉字和间隔号“·”',
    'zh-TW': '中文姓名僅可包含漢字和間隔號「·」',
  },
  'travellers.memberCard.airline': {
    en: 'Choose the airline of the frequent flyer programme',
    'zh-CN': '请选择常旅客计划所属航司',
    'zh-TW': '請選擇常旅客計劃所屬航空公司',
  },
  'travellers.memberCard.number': {
    en: 'The frequent flyer number must be 4 to 20 letters or digits',
    'zh-CN': '常旅客卡号须为4至20位字母或数字',
    'zh-TW': '常旅客卡號須為4至20位字母或數字',
  },
  'travellers.memberCard.numberFormat': {
    en: 'This is not a {{programme}} number (it looks like {{example}})',
    'zh-CN': '这不是有效的{{programme}}卡号（格式如{{example}}）',
    'zh-TW': '這不是有效的{{programme}}卡號（格式如{{example}}）',
  },
  'travellers.memberCard.holder': {
    en: 'Write the card holder as on the card, SURNAME/GIVEN NAMES in English letters',
    'zh-CN': '持卡人请按卡面填写，格式为“姓/名”，仅限英文字母',
    'zh-TW': '持卡人請按卡面填寫，格式為「姓/名」，僅限英文字母',
  },
  'travellers.memberCard.duplicate': {
    en: 'This traveller already has a card of this programme',
    'zh-CN': '该旅客已有该计划的常旅客卡',
    'zh-TW': '該旅客已有該計劃的常旅客卡',
  },
  'travellers.memberCard.max': {
    en: 'At most 10 member cards per traveller',
    'zh-CN': '每位旅客最多10张常旅客卡',
    'zh-TW': '每位旅客最多10張常旅客卡',
  },
  'travellers.import.idcardRestricted': {
    en: 'Idcard DOCS cannot be imported due to document restrictions or international orders',
    'zh-CN': '因证件限制或国际订单，无法导入身份证证件信息',
    'zh-TW': '因證件限制或國際訂單，無法匯入身分證證件資訊',
  },
  'travellers.import.passportRestricted': {
    en: 'Passport DOCS cannot be imported due to document restrictions',
    'zh-CN': '因证件限制，无法导入护照证件信息',
    'zh-TW': '因證件限制，無法匯入護照證件資訊',
  },
  'travellers.import.noDocument': {
    en: 'None of this traveller\'s documents is accepted for this trip',
    'zh-CN': '该旅客的证件均不适用于本次行程',
    'zh-TW': '該旅客的證件均不適用於本次行程',
  },
  // Frequent travellers into a train booking (issue 13 on issue 11): 12306's real-name documents.
  'travellers.import.train.residentIdMissing': {
    en: 'Chinese citizens travel by train with their resident ID card, and this traveller has none on file',
    'zh-CN': '中国公民须使用居民身份证购买火车票，该旅客未保存身份证',
    'zh-TW': '中國公民須使用居民身分證購買火車票，該旅客未保存身分證',
  },
  'travellers.import.train.noDocument': {
    en: "None of this traveller's documents is accepted on trains: a passport, a travel or residence permit, or a permanent residence ID card is needed",
    'zh-CN': '该旅客的证件均不能用于购买火车票：须使用护照、通行证、居住证或永久居留身份证',
    'zh-TW': '該旅客的證件均不能用於購買火車票：須使用護照、通行證、居住證或永久居留身分證',
  },
  'travellers.import.train.expired': {
    en: "This traveller's document for train tickets expires on {{expiry}}, before the travel date {{date}}",
    'zh-CN': '该旅客的购票证件于 {{expiry}} 到期，早于乘车日期 {{date}}',
    'zh-TW': '該旅客的購票證件於 {{expiry}} 到期，早於乘車日期 {{date}}',
  },
  'travellers.import.format': { en: 'Import format error', 'zh-CN': '导入格式错误', 'zh-TW': '匯入格式錯誤' },
  'travellers.import.formatLine': {
    en: 'Import format error on line {{line}}: {{text}}',
    'zh-CN': '导入格式错误，第{{line}}行：{{text}}',
    'zh-TW': '匯入格式錯誤，第{{line}}行：{{text}}',
  },
  'travellers.recognition.failed': {
    en: 'Recognition failed, check the document type',
    'zh-CN': '识别失败，请检查证件类型',
    'zh-TW': '識別失敗，請檢查證件類型',
  },
  'travellers.recognition.type': {
    en: 'Wrong file type: upload a jpg, jpeg or png image',
    'zh-CN': '文件类型错误：请上传jpg、jpeg或png图片',
    'zh-TW': '檔案類型錯誤：請上傳jpg、jpeg或png圖片',
  },
  'travellers.recognition.size': {
    en: 'The image must be at most 10MB',
    'zh-CN': '图片不能超过10MB',
    'zh-TW': '圖片不能超過10MB',
  },
  'travellers.recognition.busy': {
    en: 'Document recognition is busy: try again in a few seconds',
    'zh-CN': '证件识别繁忙，请稍后几秒再试',
    'zh-TW': '證件識別繁忙，請稍候幾秒再試',
  },
} as const satisfies Record<string, Record<Language, string>>;
