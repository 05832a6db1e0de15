import type { DocumentType, OrderStatus } from '@portal/contract/api/flight-orders';
import type { CabinClass, PassengerType } from '@portal/contract/api/shopping';
import type { Language } from '@portal/contract/languages';

/**
 * Every word the itinerary PDF and the ticket workbook print, in the three languages. The documents leave the portal
 * (an agency hands the PDF to its customer), so they carry their own table instead of the web app's locale files;
 * the enum wordings match the web app's so a customer sees the same terms on screen and on paper.
 */
type Text = Record<Language, string>;

export const LABELS = {
  title: { en: 'Itinerary', 'zh-CN': '行程单', 'zh-TW': '行程單' },
  bookingNumber: { en: 'Booking number', 'zh-CN': '订单号', 'zh-TW': '訂單編號' },
  recordLocator: { en: 'Record locator (PNR)', 'zh-CN': '订座记录 (PNR)', 'zh-TW': '訂位代號 (PNR)' },
  issueDate: { en: 'Date of issue', 'zh-CN': '出票日期', 'zh-TW': '出票日期' },
  validatingCarrier: { en: 'Issuing airline', 'zh-CN': '出票航空公司', 'zh-TW': '開票航空公司' },

  passengers: { en: 'Passengers', 'zh-CN': '乘客信息', 'zh-TW': '旅客資訊' },
  passengerName: { en: 'Passenger name', 'zh-CN': '乘客姓名', 'zh-TW': '旅客姓名' },
  passengerType: { en: 'Type', 'zh-CN': '类型', 'zh-TW': '類型' },
  document: { en: 'Travel document', 'zh-CN': '证件', 'zh-TW': '證件' },
  ticketNumber: { en: 'E-ticket number', 'zh-CN': '电子客票号', 'zh-TW': '電子機票號碼' },
  frequentFlyer: { en: 'Frequent flyer', 'zh-CN': '常旅客', 'zh-TW': '飛行常客' },
  toBeIssued: { en: 'To be issued', 'zh-CN': '待出票', 'zh-TW': '待出票' },

  flights: { en: 'Flight details', 'zh-CN': '航班信息', 'zh-TW': '航班資訊' },
  journey: { en: 'Journey {{n}}', 'zh-CN': '第{{n}}程', 'zh-TW': '第{{n}}程' },
  flight: { en: 'Flight', 'zh-CN': '航班', 'zh-TW': '航班' },
  departure: { en: 'Departure', 'zh-CN': '出发', 'zh-TW': '出發' },
  arrival: { en: 'Arrival', 'zh-CN': '到达', 'zh-TW': '抵達' },
  cabin: { en: 'Cabin / class', 'zh-CN': '舱等 / 舱位', 'zh-TW': '艙等 / 艙位' },
  fareBasis: { en: 'Fare basis', 'zh-CN': '运价基础', 'zh-TW': '票價基礎' },
  baggage: { en: 'Baggage', 'zh-CN': '行李', 'zh-TW': '行李' },
  status: { en: 'Status', 'zh-CN': '状态', 'zh-TW': '狀態' },
  confirmed: { en: 'Confirmed', 'zh-CN': '已确认', 'zh-TW': '已確認' },
  operatedBy: { en: 'Operated by {{carrier}}', 'zh-CN': '{{carrier}}实际承运', 'zh-TW': '{{carrier}}實際承運' },
  aircraft: { en: 'Aircraft {{type}}', 'zh-CN': '机型 {{type}}', 'zh-TW': '機型 {{type}}' },
  duration: { en: '{{h}}h {{m}}m', 'zh-CN': '{{h}}小时{{m}}分', 'zh-TW': '{{h}}小時{{m}}分' },
  localTimes: { en: 'All times are local times of the airport concerned.', 'zh-CN': '所有时间均为当地时间。', 'zh-TW': '所有時間均為當地時間。' },

  baggageAllowance: { en: 'Free baggage allowance per passenger', 'zh-CN': '每位乘客免费行李额', 'zh-TW': '每位旅客免費行李額' },
  checked: { en: 'Checked', 'zh-CN': '托运', 'zh-TW': '托運' },
  carryOn: { en: 'Carry-on', 'zh-CN': '手提', 'zh-TW': '手提' },
  pieces: { en: '{{n}} piece(s)', 'zh-CN': '{{n}}件', 'zh-TW': '{{n}}件' },
  piecesOfKg: { en: '{{n}} piece(s), {{kg}} kg each', 'zh-CN': '{{n}}件，每件{{kg}}公斤', 'zh-TW': '{{n}}件，每件{{kg}}公斤' },
  weightTotal: { en: '{{kg}} kg in total', 'zh-CN': '共{{kg}}公斤', 'zh-TW': '共{{kg}}公斤' },
  sizeBox: { en: 'up to {{l}} × {{w}} × {{h}} cm', 'zh-CN': '不超过{{l}}×{{w}}×{{h}}厘米', 'zh-TW': '不超過{{l}}×{{w}}×{{h}}公分' },
  sizeLinear: { en: 'length + width + height up to {{cm}} cm', 'zh-CN': '长宽高之和不超过{{cm}}厘米', 'zh-TW': '長寬高總和不超過{{cm}}公分' },
  none: { en: 'None', 'zh-CN': '无', 'zh-TW': '無' },

  price: { en: 'Price details ({{currency}})', 'zh-CN': '价格明细（{{currency}}）', 'zh-TW': '價格明細（{{currency}}）' },
  fare: { en: 'Fare', 'zh-CN': '票价', 'zh-TW': '票價' },
  tax: { en: 'Taxes and fees', 'zh-CN': '税费', 'zh-TW': '稅費' },
  serviceCharge: { en: 'Service charge', 'zh-CN': '服务费', 'zh-TW': '服務費' },
  perPassenger: { en: 'Per passenger', 'zh-CN': '每人小计', 'zh-TW': '每人小計' },
  quantity: { en: 'Passengers', 'zh-CN': '人数', 'zh-TW': '人數' },
  total: { en: 'Total', 'zh-CN': '合计', 'zh-TW': '總計' },

  fareRules: { en: 'Fare rules', 'zh-CN': '退改规则', 'zh-TW': '退改規則' },
  refundBefore: { en: 'Refund before departure', 'zh-CN': '起飞前退票', 'zh-TW': '起飛前退票' },
  refundAfter: { en: 'Refund after departure', 'zh-CN': '起飞后退票', 'zh-TW': '起飛後退票' },
  changeBefore: { en: 'Change before departure', 'zh-CN': '起飞前改期', 'zh-TW': '起飛前改期' },
  changeAfter: { en: 'Change after departure', 'zh-CN': '起飞后改期', 'zh-TW': '起飛後改期' },
  noShow: { en: 'No-show', 'zh-CN': '误机', 'zh-TW': '誤機' },
  void: { en: 'Void', 'zh-CN': '废票', 'zh-TW': '廢票' },
  notAllowed: { en: 'Not allowed', 'zh-CN': '不允许', 'zh-TW': '不允許' },
  free: { en: 'Free of charge', 'zh-CN': '免费', 'zh-TW': '免費' },
  fee: { en: 'Fee {{amount}}', 'zh-CN': '收费 {{amount}}', 'zh-TW': '收費 {{amount}}' },
  feeByAirline: { en: 'Allowed, fee per airline rules', 'zh-CN': '允许，费用以航司规定为准', 'zh-TW': '允許，費用以航司規定為準' },
  voidAllowed: { en: 'Allowed on the day of issue', 'zh-CN': '出票当日可废票', 'zh-TW': '開票當日可廢票' },
  rulesNote: {
    en: 'Fees are per passenger and per ticket; fare differences and taxes may apply on top. Airline rules prevail.',
    'zh-CN': '以上费用按每位乘客每张客票收取，另可能产生差价及税费，以航空公司规定为准。',
    'zh-TW': '以上費用按每位旅客每張機票收取，另可能產生差價及稅費，以航空公司規定為準。',
  },

  contact: { en: 'Contact', 'zh-CN': '联系人', 'zh-TW': '聯絡人' },
  phone: { en: 'Phone', 'zh-CN': '电话', 'zh-TW': '電話' },
  email: { en: 'Email', 'zh-CN': '邮箱', 'zh-TW': '電子郵件' },

  notes: { en: 'Important notes', 'zh-CN': '重要提示', 'zh-TW': '重要提示' },
  noteCheckIn: {
    en: 'Please check in at least 2 hours before departure for international flights and at least 1 hour before departure for domestic flights; counters may close earlier.',
    'zh-CN': '国际航班请于起飞前至少2小时、国内航班请于起飞前至少1小时办理值机手续，部分柜台可能提前关闭。',
    'zh-TW': '國際航班請於起飛前至少2小時、國內航班請於起飛前至少1小時辦理報到手續，部分櫃檯可能提前關閉。',
  },
  noteDocuments: {
    en: 'Travel with the document used for this booking; the name must match it exactly. Check visa and entry requirements before you travel.',
    'zh-CN': '请携带预订时所用的有效证件乘机，姓名须与证件完全一致；出行前请确认签证及入境要求。',
    'zh-TW': '請攜帶預訂時所用的有效證件搭機，姓名須與證件完全一致；出行前請確認簽證及入境要求。',
  },
  noteSchedule: {
    en: 'Schedules may change; please confirm your flights with the airline before departure.',
    'zh-CN': '航班时刻可能变动，请于出发前向航空公司确认。',
    'zh-TW': '航班時刻可能變動，請於出發前向航空公司確認。',
  },
  noteNotBoardingPass: {
    en: 'This itinerary is neither a boarding pass nor a tax invoice.',
    'zh-CN': '本行程单不作为登机凭证或报销凭证。',
    'zh-TW': '本行程單不作為登機憑證或報銷憑證。',
  },
  page: { en: 'Page {{n}} of {{total}}', 'zh-CN': '第{{n}}页，共{{total}}页', 'zh-TW': '第{{n}}頁，共{{total}}頁' },

  sheet: { en: 'Tickets', 'zh-CN': '客票', 'zh-TW': '機票' },
  route: { en: 'Route', 'zh-CN': '航程', 'zh-TW': '航程' },
  flightNumbers: { en: 'Flights', 'zh-CN': '航班号', 'zh-TW': '航班號' },
  firstDeparture: { en: 'First departure (local)', 'zh-CN': '首段起飞（当地时间）', 'zh-TW': '首段起飛（當地時間）' },
  faceValue: { en: 'Ticket total', 'zh-CN': '票面合计', 'zh-TW': '票面合計' },
  serviceFee: { en: 'Service fee', 'zh-CN': '服务费', 'zh-TW': '服務費' },
  sellingPrice: { en: 'Agency price', 'zh-CN': '结算价', 'zh-TW': '結算價' },
  currency: { en: 'Currency', 'zh-CN': '币种', 'zh-TW': '幣別' },
  airlineName: { en: 'Airline name', 'zh-CN': '航司名称', 'zh-TW': '航空公司名稱' },
} as const satisfies Record<string, Text>;

export type LabelKey = keyof typeof LABELS;

export function label(key: LabelKey, lang: Language, params: Record<string, string | number> = {}): string {
  return LABELS[key][lang].replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(params[name] ?? ''));
}

export const PASSENGER_TYPE_LABELS: Record<PassengerType, Text> = {
  adult: { en: 'Adult', 'zh-CN': '成人', 'zh-TW': '成人' },
  child: { en: 'Child', 'zh-CN': '儿童', 'zh-TW': '兒童' },
  infant: { en: 'Infant', 'zh-CN': '婴儿', 'zh-TW': '嬰兒' },
};

export const CABIN_LABELS: Record<CabinClass, Text> = {
  economy: { en: 'Economy', 'zh-CN': '经济舱', 'zh-TW': '經濟艙' },
  premium_economy: { en: 'Premium economy', 'zh-CN': '超级经济舱', 'zh-TW': '豪華經濟艙' },
  business: { en: 'Business', 'zh-CN': '商务舱', 'zh-TW': '商務艙' },
  premium_business: { en: 'Premium business', 'zh-CN': '超级商务舱', 'zh-TW': '豪華商務艙' },
  first: { en: 'First', 'zh-CN': '头等舱', 'zh-TW': '頭等艙' },
  premium_first: { en: 'Premium first', 'zh-CN': '豪华头等舱', 'zh-TW': '豪華頭等艙' },
};

export const DOCUMENT_TYPE_LABELS: Record<DocumentType, Text> = {
  idcard: { en: 'ID card', 'zh-CN': '身份证', 'zh-TW': '身分證' },
  passport: { en: 'Passport', 'zh-CN': '护照', 'zh-TW': '護照' },
  'chinese-passport': { en: 'Chinese passport', 'zh-CN': '中国护照', 'zh-TW': '中國護照' },
  internationalityPassport: { en: 'Foreign passport', 'zh-CN': '外国护照', 'zh-TW': '外國護照' },
  tphm: { en: 'Home Return Permit (HK/Macao)', 'zh-CN': '港澳居民来往内地通行证', 'zh-TW': '港澳居民來往內地通行證' },
  eep: { en: 'Travel Permit to HK/Macao', 'zh-CN': '往来港澳通行证', 'zh-TW': '往來港澳通行證' },
  tptw: { en: 'Taiwan Compatriot Permit', 'zh-CN': '台湾居民来往大陆通行证', 'zh-TW': '台灣居民來往大陸通行證' },
  ttpmr: { en: 'Mainland Travel Permit for Taiwan Residents', 'zh-CN': '台湾居民来往大陆通行证（台胞证）', 'zh-TW': '台灣居民來往大陸通行證（台胞證）' },
  fpridcard: { en: "Foreigner's Permanent Residence ID", 'zh-CN': '外国人永久居留身份证', 'zh-TW': '外國人永久居留身分證' },
  rphmt: { en: 'Residence Permit for HK/Macao/Taiwan residents', 'zh-CN': '港澳台居民居住证', 'zh-TW': '港澳台居民居住證' },
};

export const STATUS_LABELS: Record<OrderStatus, Text> = {
  holding: { en: 'Awaiting airline confirmation', 'zh-CN': '等待航司确认', 'zh-TW': '等待航司確認' },
  to_be_paid: { en: 'To be paid', 'zh-CN': '待支付', 'zh-TW': '待付款' },
  reserved: { en: 'Reserved', 'zh-CN': '已预留', 'zh-TW': '已保留' },
  reviewing: { en: 'Reviewing', 'zh-CN': '审核中', 'zh-TW': '審核中' },
  proceeding: { en: 'Ticketing', 'zh-CN': '出票中', 'zh-TW': '出票中' },
  issued: { en: 'Issued', 'zh-CN': '已出票', 'zh-TW': '已出票' },
  failed: { en: 'Failed', 'zh-CN': '失败', 'zh-TW': '失敗' },
  failed_reimbursing: { en: 'Failed, refunding payment', 'zh-CN': '失败，退款中', 'zh-TW': '失敗，退款中' },
  failed_reimbursed: { en: 'Failed, payment refunded', 'zh-CN': '失败，已退款', 'zh-TW': '失敗，已退款' },
  closed: { en: 'Closed', 'zh-CN': '已关闭', 'zh-TW': '已關閉' },
  canceled: { en: 'Canceled', 'zh-CN': '已取消', 'zh-TW': '已取消' },
  chg_reviewing: { en: 'Change under review', 'zh-CN': '改签审核中', 'zh-TW': '改簽審核中' },
  chg_rejected: { en: 'Change rejected', 'zh-CN': '改签被拒绝', 'zh-TW': '改簽被拒絕' },
  chg_to_be_paid: { en: 'Change to be paid', 'zh-CN': '改签待支付', 'zh-TW': '改簽待付款' },
  chg_proceeding: { en: 'Change in progress', 'zh-CN': '改签处理中', 'zh-TW': '改簽處理中' },
  changed: { en: 'Changed', 'zh-CN': '已改签', 'zh-TW': '已改簽' },
  rfd_reviewing: { en: 'Refund under review', 'zh-CN': '退票审核中', 'zh-TW': '退票審核中' },
  rfd_rejected: { en: 'Refund rejected', 'zh-CN': '退票被拒绝', 'zh-TW': '退票被拒絕' },
  rfd_to_be_confirm: { en: 'Refund to be confirmed', 'zh-CN': '退票待确认', 'zh-TW': '退票待確認' },
  rfd_proceeding: { en: 'Refund in progress', 'zh-CN': '退票处理中', 'zh-TW': '退票處理中' },
  refunded: { en: 'Refunded', 'zh-CN': '已退票', 'zh-TW': '已退票' },
  refunded_reimbursing: { en: 'Refunded, paying back', 'zh-CN': '已退票，退款中', 'zh-TW': '已退票，退款中' },
  refunded_reimbursed: { en: 'Refunded, paid back', 'zh-CN': '已退票，已退款', 'zh-TW': '已退票，已退款' },
  void_proceeding: { en: 'Void in progress', 'zh-CN': '废票处理中', 'zh-TW': '廢票處理中' },
  void_rejected: { en: 'Void rejected', 'zh-CN': '废票被拒绝', 'zh-TW': '廢票被拒絕' },
  voided: { en: 'Voided', 'zh-CN': '已废票', 'zh-TW': '已廢票' },
  voided_reimbursing: { en: 'Voided, paying back', 'zh-CN': '已废票，退款中', 'zh-TW': '已廢票，退款中' },
  voided_reimbursed: { en: 'Voided, paid back', 'zh-CN': '已废票，已退款', 'zh-TW': '已廢票，已退款' },
  origin_canceled: { en: 'Booking canceled', 'zh-CN': '预订已取消', 'zh-TW': '預訂已取消' },
  origin_holding: { en: 'Booking on hold', 'zh-CN': '预订挂起', 'zh-TW': '預訂暫停' },
  origin_failed: { en: 'Booking failed', 'zh-CN': '预订失败', 'zh-TW': '預訂失敗' },
  change_canceled: { en: 'Change canceled', 'zh-CN': '改签已取消', 'zh-TW': '改簽已取消' },
  change_holding: { en: 'Change on hold', 'zh-CN': '改签挂起', 'zh-TW': '改簽暫停' },
  change_failed: { en: 'Change failed', 'zh-CN': '改签失败', 'zh-TW': '改簽失敗' },
  refund_canceled: { en: 'Refund canceled', 'zh-CN': '退票已取消', 'zh-TW': '退票已取消' },
  refund_holding: { en: 'Refund on hold', 'zh-CN': '退票挂起', 'zh-TW': '退票暫停' },
  refund_failed: { en: 'Refund failed', 'zh-CN': '退票失败', 'zh-TW': '退票失敗' },
  void_canceled: { en: 'Void canceled', 'zh-CN': '废票已取消', 'zh-TW': '廢票已取消' },
  void_holding: { en: 'Void on hold', 'zh-CN': '废票挂起', 'zh-TW': '廢票暫停' },
  void_failed: { en: 'Void failed', 'zh-CN': '废票失败', 'zh-TW': '廢票失敗' },
};

/** A code outside the known lists prints as itself rather than as an empty cell. */
export function enumLabel<K extends string>(table: Record<K, Text>, value: string, lang: Language): string {
  return (table as Record<string, Text>)[value]?.[lang] ?? value;
}
