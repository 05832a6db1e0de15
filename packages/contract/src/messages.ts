import type { Language } from './languages.ts';
import { agenciesMessages } from './messages-agencies.ts';
import { billsMessages } from './messages-bills.ts';
import { moneyMessages } from './messages-money.ts';
import { paymentsMessages } from './messages-payments.ts';
import { ordersMessages } from './messages-orders.ts';
import { passengersMessages } from './messages-passengers.ts';
import { webhooksMessages } from './messages-webhooks.ts';
import { embeddingMessages } from './messages-embedding.ts';
import { retentionMessages } from './messages-retention.ts';
import { inputMessages } from './messages-input.ts';
import { loginMessages } from './messages-login.ts';
import { resilienceMessages } from './messages-resilience.ts';
import { afterSalesMessages } from './messages-after-sales.ts';
import { scheduleSimMessages } from './messages-schedule-sim.ts';
import { scheduleChangesMessages } from './messages-schedule-changes.ts';
import { travellersMessages } from './messages-travellers.ts';
import { recognitionMessages } from './messages-recognition.ts';
import { passengerImportMessages } from './messages-passenger-import.ts';
import { groupsMessages } from './messages-groups.ts';
import { groupNamesMessages } from './messages-group-names.ts';
import { groupRemindersMessages } from './messages-group-reminders.ts';
import { railMessages } from './messages-rail.ts';
import { trainOrdersMessages } from './messages-train-orders.ts';
import { trainPaymentsMessages } from './messages-train-payments.ts';

/**
 * Messages the server may answer with. The server sends the key's text in the caller's language; the web app loads
 * the same catalogue so a key produced on either side reads the same.
 */
const catalogue = {
  'common.success': { en: 'Success', 'zh-CN': '成功', 'zh-TW': '成功' },
  'validation.invalid': { en: 'Invalid value', 'zh-CN': '取值无效', 'zh-TW': '取值無效' },
  'validation.required': { en: 'This field is required', 'zh-CN': '此项为必填项', 'zh-TW': '此項為必填項' },
  'validation.request': { en: 'The request is invalid: {{detail}}', 'zh-CN': '请求无效：{{detail}}', 'zh-TW': '請求無效：{{detail}}' },
  'validation.username.format': {
    en: 'Username must be 4-32 characters: a letter first, then letters, digits, ".", "_" or "-"',
    'zh-CN': '用户名须为4-32个字符，以字母开头，仅可包含字母、数字、“.”、“_”或“-”',
    'zh-TW': '使用者名稱須為4-32個字元，以字母開頭，僅可包含字母、數字、「.」、「_」或「-」',
  },
  'validation.password.length': { en: 'Password must be 6 to 15 characters', 'zh-CN': '密码长度须为6到15个字符', 'zh-TW': '密碼長度須為6到15個字元' },
  'validation.password.mismatch': { en: 'The two passwords do not match', 'zh-CN': '两次输入的密码不一致', 'zh-TW': '兩次輸入的密碼不一致' },
  'validation.roles.empty': { en: 'Please assign at least one role', 'zh-CN': '请至少分配一个角色', 'zh-TW': '請至少分配一個角色' },
  'validation.email.format': { en: 'The email format is incorrect.', 'zh-CN': '邮箱格式不正确。', 'zh-TW': '電子郵件格式不正確。' },
  'validation.phone.format': { en: 'The phone number format is incorrect', 'zh-CN': '电话号码格式不正确', 'zh-TW': '電話號碼格式不正確' },
  'validation.url.format': { en: 'The website address is incorrect', 'zh-CN': '网址格式不正确', 'zh-TW': '網址格式不正確' },
  'validation.tooLong': { en: 'At most {{max}} characters', 'zh-CN': '最多{{max}}个字符', 'zh-TW': '最多{{max}}個字元' },
  'validation.list.empty': { en: 'The list must not be empty', 'zh-CN': '列表不能为空', 'zh-TW': '列表不能為空' },
  'validation.passengers.max': { en: 'At most 30 frequent passengers', 'zh-CN': '常用旅客最多30位', 'zh-TW': '常用旅客最多30位' },
  'validation.dateFormat': { en: 'Unsupported date format', 'zh-CN': '不支持的日期格式', 'zh-TW': '不支援的日期格式' },
  'validation.region': { en: 'Unknown area code', 'zh-CN': '未知的区号', 'zh-TW': '未知的區號' },
  'validation.city': { en: 'Unknown city code', 'zh-CN': '未知的城市代码', 'zh-TW': '未知的城市代碼' },
  'validation.country': { en: 'Unknown country code', 'zh-CN': '未知的国家代码', 'zh-TW': '未知的國家代碼' },
  'validation.currency': { en: 'Unknown currency', 'zh-CN': '未知的币种', 'zh-TW': '未知的幣種' },
  'validation.rate': { en: 'A rate must be a positive number with at most 6 decimals', 'zh-CN': '汇率须为正数，最多6位小数', 'zh-TW': '匯率須為正數，最多6位小數' },
  'validation.rate.base': { en: 'CNY is the base currency; its rate is always 1', 'zh-CN': '人民币为基准币种，汇率固定为1', 'zh-TW': '人民幣為基準幣種，匯率固定為1' },
  'validation.currency.duplicate': { en: 'This currency appears more than once', 'zh-CN': '该币种重复出现', 'zh-TW': '該幣種重複出現' },
  'validation.application.name': { en: 'Please input the username', 'zh-CN': '请输入姓名', 'zh-TW': '請輸入姓名' },
  'validation.application.country': { en: 'Please select your country', 'zh-CN': '请选择您的国家', 'zh-TW': '請選擇您的國家' },
  'validation.application.contact': {
    en: 'Please input email address or phone number',
    'zh-CN': '请输入邮箱地址或电话号码',
    'zh-TW': '請輸入電子郵件地址或電話號碼',
  },
  'error.auth.invalidCredentials': { en: 'Invalid username or password', 'zh-CN': '用户名或密码错误', 'zh-TW': '使用者名稱或密碼錯誤' },
  'error.auth.disabled': {
    en: 'This account is disabled. Please contact your administrator.',
    'zh-CN': '该账号已停用，请联系管理员。',
    'zh-TW': '該帳號已停用，請聯絡管理員。',
  },
  'error.auth.singleLogin': { en: 'The login link is invalid or has expired', 'zh-CN': '登录链接无效或已过期', 'zh-TW': '登入連結無效或已過期' },
  'error.session.expired': { en: 'Your session has expired. Please log in again.', 'zh-CN': '登录已过期，请重新登录。', 'zh-TW': '登入已過期，請重新登入。' },
  'error.session.revoked': { en: 'You have been logged out. Please log in again.', 'zh-CN': '您已退出登录，请重新登录。', 'zh-TW': '您已登出，請重新登入。' },
  'error.session.invalid': { en: 'Please log in first.', 'zh-CN': '请先登录。', 'zh-TW': '請先登入。' },
  'error.forbidden': { en: 'You do not have access to this resource', 'zh-CN': '您无权访问该资源', 'zh-TW': '您無權存取該資源' },
  'error.notFound': { en: 'Requested resource not found', 'zh-CN': '请求的资源不存在', 'zh-TW': '請求的資源不存在' },
  'error.rateLimited': { en: 'Too many requests. Please try again later.', 'zh-CN': '请求过于频繁，请稍后再试。', 'zh-TW': '請求過於頻繁，請稍後再試。' },
  'error.internal': {
    en: 'Something went wrong on our side. Please try again later.',
    'zh-CN': '服务器出现问题，请稍后再试。',
    'zh-TW': '伺服器出現問題，請稍後再試。',
  },
  'error.username.taken': { en: 'This username is already taken', 'zh-CN': '该用户名已被使用', 'zh-TW': '該使用者名稱已被使用' },
  'error.password.wrong': { en: 'The current password is incorrect', 'zh-CN': '当前密码不正确', 'zh-TW': '目前密碼不正確' },
  'error.user.self': {
    en: 'You cannot disable yourself or remove your own SuperUser role',
    'zh-CN': '不能停用自己或移除自己的超级管理员角色',
    'zh-TW': '不能停用自己或移除自己的超級管理員角色',
  },
  'error.password.resetSelf': {
    en: 'Change your own password on the profile page',
    'zh-CN': '请在个人资料页修改自己的密码',
    'zh-TW': '請在個人資料頁修改自己的密碼',
  },
  'error.permissions.platformOnly': {
    en: "Only a SuperUser of the platform's top-level company can grant permissions",
    'zh-CN': '只有顶级公司的超级管理员可以授予权限',
    'zh-TW': '只有頂級公司的超級管理員可以授予權限',
  },
  'error.upload.missing': { en: 'No file was uploaded', 'zh-CN': '未上传文件', 'zh-TW': '未上傳檔案' },
  'error.upload.type': {
    en: 'Wrong file type: only JPG, PNG, GIF or WebP images are accepted',
    'zh-CN': '文件类型错误：仅支持JPG、PNG、GIF或WebP图片',
    'zh-TW': '檔案類型錯誤：僅支援JPG、PNG、GIF或WebP圖片',
  },
  'error.upload.size': { en: 'The image must be smaller than 2MB', 'zh-CN': '图片须小于2MB', 'zh-TW': '圖片須小於2MB' },
  'error.rates.platformOnly': {
    en: 'Only the platform can edit exchange rates',
    'zh-CN': '仅平台可以修改汇率',
    'zh-TW': '僅平台可以修改匯率',
  },
  // Flight shopping (spec points 5 and 8). The two journey keys are the spec's own.
  'flight.booking.journeyError.empty': { en: 'Please add at least one flight', 'zh-CN': '请至少添加一个航程', 'zh-TW': '請至少新增一個航程' },
  'order.flight.booking.journeyError.rules': {
    en: 'Origin and destination are required and must be different cities',
    'zh-CN': '出发地和目的地为必填项，且不能为同一城市',
    'zh-TW': '出發地和目的地為必填項，且不能為同一城市',
  },
  'shopping.search.tooManyJourneys': { en: 'At most 5 flights in a multi-city search', 'zh-CN': '多程最多5个航程', 'zh-TW': '多程最多5個航程' },
  'shopping.search.unknownLocation': { en: 'Unknown city or airport', 'zh-CN': '未知的城市或机场', 'zh-TW': '未知的城市或機場' },
  'shopping.search.noCivilFlights': {
    en: 'No civil flights serve this city or airport at present',
    'zh-CN': '该城市或机场目前没有民航航班',
    'zh-TW': '該城市或機場目前沒有民航航班',
  },
  'shopping.search.datePast': { en: 'The departure date cannot be in the past', 'zh-CN': '出发日期不能早于今天', 'zh-TW': '出發日期不能早於今天' },
  'shopping.search.dateOrder': {
    en: 'Each flight must depart on or after the date of the previous one',
    'zh-CN': '每个航程的出发日期不能早于上一航程',
    'zh-TW': '每個航程的出發日期不能早於上一航程',
  },
  'shopping.search.returnDate': { en: 'A return trip needs a return date', 'zh-CN': '往返行程需要填写返程日期', 'zh-TW': '來回行程需要填寫回程日期' },
  'shopping.search.passengersEmpty': { en: 'At least one passenger is required', 'zh-CN': '至少需要一位乘客', 'zh-TW': '至少需要一位乘客' },
  'shopping.search.passengersMax': { en: 'At most 9 passengers per booking', 'zh-CN': '每次预订最多9位乘客', 'zh-TW': '每次預訂最多9位乘客' },
  'shopping.search.infants': {
    en: 'Each infant must travel with an adult: no more infants than adults',
    'zh-CN': '每位婴儿须由一位成人陪同：婴儿人数不能多于成人',
    'zh-TW': '每位嬰兒須由一位成人陪同：嬰兒人數不能多於成人',
  },
  'shopping.search.childAlone': { en: 'Children must travel with an adult', 'zh-CN': '儿童须由成人陪同出行', 'zh-TW': '兒童須由成人陪同出行' },
  'shopping.search.noFlights': { en: 'No flights found, modify the conditions', 'zh-CN': '未找到航班，请修改搜索条件', 'zh-TW': '未找到航班，請修改搜尋條件' },
  'shopping.search.noMatch': { en: 'No suitable flight found', 'zh-CN': '没有找到合适的航班', 'zh-TW': '沒有找到合適的航班' },
  'shopping.search.stale': { en: 'Price may change, search again', 'zh-CN': '价格可能已变动，请重新搜索', 'zh-TW': '價格可能已變動，請重新搜尋' },
  'shopping.verify.unchanged': { en: 'The price is confirmed', 'zh-CN': '价格已确认', 'zh-TW': '價格已確認' },
  'shopping.verify.priceChanged': { en: 'Price changed', 'zh-CN': '价格已变动', 'zh-TW': '價格已變動' },
  'shopping.verify.invalid': { en: 'Package changed or invalid', 'zh-CN': '产品已变更或失效', 'zh-TW': '產品已變更或失效' },
  'shopping.verify.timeout': { en: 'Price check timed out', 'zh-CN': '验价超时', 'zh-TW': '驗價逾時' },
  'shopping.verify.failed': {
    en: 'The airline system could not confirm this fare, choose another one or search again',
    'zh-CN': '航司系统无法确认该运价，请选择其他运价或重新搜索',
    'zh-TW': '航司系統無法確認該運價，請選擇其他運價或重新搜尋',
  },
  'shopping.pnr.unreadable': {
    en: 'The PNR could not be read: paste the itinerary display (flights and names)',
    'zh-CN': '无法识别PNR：请粘贴完整的行程显示（航段和姓名）',
    'zh-TW': '無法識別PNR：請貼上完整的行程顯示（航段和姓名）',
  },
  'shopping.pnr.notFound': {
    en: 'No booking found for this record locator: paste the itinerary display instead',
    'zh-CN': '未找到该编码对应的订座记录：请改为粘贴行程显示',
    'zh-TW': '未找到該編碼對應的訂位記錄：請改為貼上行程顯示',
  },
  'shopping.pnr.line.name': {
    en: 'Line {{line}}: the passenger name "{{text}}" could not be read (Latin names are written SURNAME/GIVEN NAME)',
    'zh-CN': '第{{line}}行：无法识别旅客姓名“{{text}}”（英文姓名须写作 姓/名）',
    'zh-TW': '第{{line}}行：無法識別旅客姓名「{{text}}」（英文姓名須寫作 姓/名）',
  },
  'shopping.pnr.line.flight': {
    en: 'Line {{line}}: this flight could not be read: {{text}}',
    'zh-CN': '第{{line}}行：无法识别该航段：{{text}}',
    'zh-TW': '第{{line}}行：無法識別該航段：{{text}}',
  },
  'shopping.pnr.line.date': {
    en: 'Line {{line}}: the date {{text}} does not exist',
    'zh-CN': '第{{line}}行：日期{{text}}不存在',
    'zh-TW': '第{{line}}行：日期{{text}}不存在',
  },
  'shopping.pnr.line.weekday': {
    en: 'Line {{line}}: the day of the week does not match the date {{text}}',
    'zh-CN': '第{{line}}行：星期与日期{{text}}不符',
    'zh-TW': '第{{line}}行：星期與日期{{text}}不符',
  },
  'shopping.pnr.line.time': {
    en: 'Line {{line}}: the time {{text}} could not be read',
    'zh-CN': '第{{line}}行：无法识别时间{{text}}',
    'zh-TW': '第{{line}}行：無法識別時間{{text}}',
  },
  'shopping.pnr.skip.flown': {
    en: 'Line {{line}}: {{flight}} has been flown and is not searched again',
    'zh-CN': '第{{line}}行：{{flight}}已使用，不再查询',
    'zh-TW': '第{{line}}行：{{flight}}已使用，不再查詢',
  },
  'shopping.pnr.skip.cancelled': {
    en: 'Line {{line}}: {{flight}} is cancelled or not confirmed ({{status}}) and is not searched',
    'zh-CN': '第{{line}}行：{{flight}}已取消或未确认（{{status}}），不予查询',
    'zh-TW': '第{{line}}行：{{flight}}已取消或未確認（{{status}}），不予查詢',
  },
  'shopping.pnr.skip.past': {
    en: 'Line {{line}}: {{flight}} departs on a past date and is not searched',
    'zh-CN': '第{{line}}行：{{flight}}的出发日期已过，不予查询',
    'zh-TW': '第{{line}}行：{{flight}}的出發日期已過，不予查詢',
  },
  'shopping.pnr.skip.open': {
    en: 'Line {{line}}: {{flight}} is an open segment without a date and is not searched',
    'zh-CN': '第{{line}}行：{{flight}}为未定日期的OPEN航段，不予查询',
    'zh-TW': '第{{line}}行：{{flight}}為未定日期的OPEN航段，不予查詢',
  },
  'shopping.pnr.skip.unknownAirport': {
    en: 'Line {{line}}: {{flight}} was not understood: airport {{code}} is unknown',
    'zh-CN': '第{{line}}行：无法识别{{flight}}：未知机场{{code}}',
    'zh-TW': '第{{line}}行：無法識別{{flight}}：未知機場{{code}}',
  },
  'shopping.pnr.nothingLeft': {
    en: 'No flight of this display can be searched. {{detail}}',
    'zh-CN': '该行程中没有可查询的航段。{{detail}}',
    'zh-TW': '該行程中沒有可查詢的航段。{{detail}}',
  },
  'shopping.pnr.group': {
    en: 'This is a group booking ({{seats}} passengers): please send a group request',
    'zh-CN': '这是团队订座（{{seats}}人）：请提交团队申请',
    'zh-TW': '這是團體訂位（{{seats}}人）：請提交團體申請',
  },
  'shopping.pnr.hidden': { en: 'PNR booking is not available for your agency', 'zh-CN': '贵司未开通PNR预订', 'zh-TW': '貴司未開通PNR預訂' },
  'shopping.flightNumber': { en: 'Invalid flight number', 'zh-CN': '航班号无效', 'zh-TW': '航班號無效' },
  'shopping.search.mainlandHidden': {
    en: 'Flights to, from or via mainland China are not available for your agency',
    'zh-CN': '贵司未开通中国大陆航线，无法查询往返或经停中国大陆的航班',
    'zh-TW': '貴司未開通中國大陸航線，無法查詢往返或經停中國大陸的航班',
  },
  // Spec point 4: shown when the settlement currency changed while the user was on the booking confirm page.
  'agencyManager.config.common.settlementCurrency.change': {
    en: 'The settlement currency has changed. Please search again.',
    'zh-CN': '结算币种已变更，请重新搜索。',
    'zh-TW': '結算幣種已變更，請重新搜尋。',
  },
  ...moneyMessages,
  ...agenciesMessages,
  ...paymentsMessages,
  ...billsMessages,
  ...ordersMessages,
  ...passengersMessages,
  ...travellersMessages,
  ...recognitionMessages,
  ...passengerImportMessages,
  ...webhooksMessages,
  ...embeddingMessages,
  ...retentionMessages,
  ...inputMessages,
  ...loginMessages,
  ...resilienceMessages,
  ...afterSalesMessages,
  ...scheduleSimMessages,
  ...scheduleChangesMessages,
  ...groupsMessages,
  ...groupNamesMessages,
  ...groupRemindersMessages,
  ...railMessages,
  ...trainOrdersMessages,
  ...trainPaymentsMessages,
} as const satisfies Record<string, Record<Language, string>>;

export type MessageKey = keyof typeof catalogue;
export const MESSAGE_KEYS = Object.keys(catalogue) as MessageKey[];

export function isMessageKey(value: string): value is MessageKey {
  return Object.prototype.hasOwnProperty.call(catalogue, value);
}

export function translate(key: MessageKey, language: Language, params: Record<string, string | number> = {}): string {
  return catalogue[key][language].replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(params[name] ?? ''));
}

/** The catalogue as i18next resources for one language (the web app merges these with its own strings). */
export function messagesFor(language: Language): Record<string, string> {
  return Object.fromEntries(MESSAGE_KEYS.map((k) => [k, catalogue[k][language]]));
}
