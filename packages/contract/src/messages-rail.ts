import type { Language } from './languages.ts';

/** Server messages of train search and the rail supplier's simulation switches; merged into the catalogue in messages.ts. */
export const railMessages = {
  'train.search.placeRequired': {
    en: 'Please choose the departure and arrival stations',
    'zh-CN': '请选择出发地和目的地',
    'zh-TW': '請選擇出發地和目的地',
  },
  'train.search.dateRequired': { en: 'Please choose the departure date', 'zh-CN': '请选择出发日期', 'zh-TW': '請選擇出發日期' },
  'train.search.unknownPlace': {
    en: 'Unknown station or city: {{place}}',
    'zh-CN': '未知的车站或城市：{{place}}',
    'zh-TW': '未知的車站或城市：{{place}}',
  },
  'train.search.samePlace': {
    en: 'The departure and arrival must be in different cities',
    'zh-CN': '出发地和目的地不能为同一城市',
    'zh-TW': '出發地和目的地不能為同一城市',
  },
  'train.search.dateOutOfRange': {
    en: 'Train tickets go on sale {{days}} days ahead: choose a date from {{first}} to {{last}}',
    'zh-CN': '火车票预售期为{{days}}天：请选择{{first}}至{{last}}之间的日期',
    'zh-TW': '火車票預售期為{{days}}天：請選擇{{first}}至{{last}}之間的日期',
  },
  // Spec point 2: the train booking page's empty state.
  'train.search.noTrains': { en: 'No trains available', 'zh-CN': '暂无可售车次', 'zh-TW': '暫無可售車次' },
  'train.search.timeout': {
    en: 'The railway system did not answer in time, please try again',
    'zh-CN': '铁路系统响应超时，请重试',
    'zh-TW': '鐵路系統回應逾時，請重試',
  },
  'train.search.unavailable': {
    en: 'The railway system is not available at the moment, please try again later',
    'zh-CN': '铁路系统暂时无法使用，请稍后再试',
    'zh-TW': '鐵路系統暫時無法使用，請稍後再試',
  },
  'train.search.mainlandHidden': {
    en: 'Train tickets in mainland China are not available for your agency',
    'zh-CN': '贵司未开通中国大陆火车票',
    'zh-TW': '貴司未開通中國大陸火車票',
  },
  'railSim.switch.unsupported': {
    en: 'Supplier {{supplier}} has no such switch: railway fares are fixed and tickets are issued on payment',
    'zh-CN': '供应商 {{supplier}} 没有此开关：铁路票价固定，支付后即出票',
    'zh-TW': '供應商 {{supplier}} 沒有此開關：鐵路票價固定，支付後即開票',
  },
} as const satisfies Record<string, Record<Language, string>>;
